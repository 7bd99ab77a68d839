import Foundation
import HelpViewer
import HelpViewerBooks
import HelpViewerCGtk
import HelpViewerGlue

/// Memory of the app and its WebKit processes with one viewer open, before and after many
/// open/close cycles of a `Scenario`, on the demo's bundled help.
///
/// ```swift
/// let result = try MemoryBench.run(.bookSearch, cycles: 100)
/// print(result.afterCycles - result.oneDialog)   // MiB grown over the cycles
/// ```
@MainActor
enum MemoryBench {
  /// What comes and goes in each cycle.
  enum Scenario: String, Codable, CaseIterable, Sendable {
    /// A help dialog on the bundled help page, opened and closed.
    case dialog
    /// A help book's dialog (Notebook's book), opened, searched once and closed.
    case bookSearch = "book-search"
    /// A `LoadingWebView` in one host window, created, loaded and destroyed as the README's
    /// hosts do: its widget removed and the viewer dropped (a `detach()` first would leave a
    /// spare's process that these viewers never take).
    case embedded

    /// How the report names one cycle.
    var cycleName: String {
      switch self {
      case .dialog: return "dialog open/close cycles"
      case .bookSearch: return "book dialog cycles with a search each"
      case .embedded: return "embedded viewers created, loaded and destroyed"
      }
    }
  }

  struct Result: Codable {
    var scenario = Scenario.dialog
    var oneDialog = 0.0
    var afterCycles = 0.0
    var processesOneDialog = 0
    var processesAfterCycles = 0
    var afterTenCycles = 0.0
    var processesAfterTenCycles = 0
    /// WebKit processes after the first cycle, with the next viewer open (compared with
    /// `processesAfterCycles`: no growth).
    var processesAfterOneCycle = 0
    var cycles = 0
    /// PSS by kind of process (`ProcessTree.pssByKind`) with one dialog open, and after the cycles.
    var oneDialogByKind: [String: Double] = [:]
    /// The same figures without mapped files (`ProcessTree.totalAnonPSS`): what our processes
    /// hold themselves, whatever else on the machine maps the same libraries.
    var oneDialogAnon = 0.0
    var afterTenCyclesAnon = 0.0
    var afterCyclesAnon = 0.0
    var oneDialogAnonByKind: [String: Double] = [:]
    var afterCyclesAnonByKind: [String: Double] = [:]
    var afterCyclesByKind: [String: Double] = [:]
    /// The app's C heap in use (`HeapInUse`), MiB, after 10 cycles and after all: what it
    /// keeps, whatever pages malloc holds free.
    var heapAfterTen = 0.0
    var heapAfter = 0.0
    /// Total PSS at every 10th cycle from the 10th on, and after the last.
    var lateTotals: [Point] = []

    /// One reading of `lateTotals`.
    struct Point: Codable {
      var cycle: Int
      var total: Double
    }

    /// Growth from cycle 10 to the last by the least-squares line through `lateTotals`: what
    /// the memory does over the cycles, which one reading at each end (a web process's moves by
    /// a MiB or two with its collector) does not tell. Zero with fewer than two readings.
    var lateTrend: Double {
      guard lateTotals.count > 1, let first = lateTotals.first, let last = lateTotals.last else { return 0 }
      let count = Double(lateTotals.count)
      let meanCycle = lateTotals.reduce(0) { $0 + Double($1.cycle) } / count
      let meanTotal = lateTotals.reduce(0) { $0 + $1.total } / count
      let spread = lateTotals.reduce(0) { $0 + (Double($1.cycle) - meanCycle) * (Double($1.cycle) - meanCycle) }
      let covariance = lateTotals.reduce(0) { $0 + (Double($1.cycle) - meanCycle) * ($1.total - meanTotal) }
      return spread > 0 ? covariance / spread * Double(last.cycle - first.cycle) : 0
    }
  }

  /// The word each book dialog searches for (in Notebook's help).
  nonisolated static let searchWord = "notes"

  static func run(_ scenario: Scenario = .dialog, cycles: Int) throws -> Result {
    let subject = try Subject(scenario)
    var result = Result()
    result.scenario = scenario
    result.cycles = cycles
    try subject.open()
    let one = MemoryReading.settled(of: getpid())
    result.oneDialog = one.total
    result.oneDialogByKind = one.byKind
    result.oneDialogAnon = one.anon
    result.oneDialogAnonByKind = one.anonByKind
    result.processesOneDialog = ProcessTree.webKitProcesses(below: getpid())
    for cycle in 0..<cycles {
      if cycle >= 10, cycle % 10 == 0 {
        let reading = MemoryReading.settled(of: getpid())
        result.lateTotals.append(Result.Point(cycle: cycle, total: reading.total))
        if cycle == 10 {
          result.afterTenCycles = reading.total
          result.afterTenCyclesAnon = reading.anon
          result.heapAfterTen = HeapInUse.megabytes() ?? 0
          result.processesAfterTenCycles = ProcessTree.webKitProcesses(below: getpid())
        }
      }
      subject.close()
      OpenBench.settle(0.3)  // As for the warm opens: a person does not reopen help at once.
      try subject.open()
      if cycle == 0 {
        OpenBench.settle(MemoryReading.pauseSeconds)
        result.processesAfterOneCycle = ProcessTree.webKitProcesses(below: getpid())
      }
    }
    let after = MemoryReading.settled(of: getpid())
    result.afterCycles = after.total
    result.lateTotals.append(Result.Point(cycle: cycles, total: after.total))
    result.afterCyclesByKind = after.byKind
    result.afterCyclesAnon = after.anon
    result.afterCyclesAnonByKind = after.anonByKind
    result.heapAfter = HeapInUse.megabytes() ?? 0
    result.processesAfterCycles = ProcessTree.webKitProcesses(below: getpid())
    subject.close()
    return result
  }

  /// Opens and closes one viewer of a scenario.
  @MainActor
  private final class Subject {
    let scenario: Scenario
    let url: URL
    let book: HelpBook?
    /// The embedded viewers' host window and its box.
    var host: (window: UnsafeMutablePointer<GtkWindow>, box: UnsafeMutablePointer<GtkBox>)?
    var dialog: HelpDialog?
    var viewer: LoadingWebView?

    init(_ scenario: Scenario) throws {
      self.scenario = scenario
      url = BundledScheme.url(DemoPages.helpPath(), in: DemoPages.folderName)
      book =
        scenario == .bookSearch
        ? try HelpBook(
          folder: DemoPages.locate().appendingPathComponent(DemoPages.helpFolder), languages: ["C"]) : nil
      if scenario == .embedded {
        let box: UnsafeMutablePointer<GtkBox> = gcast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!)
        let window: UnsafeMutablePointer<GtkWindow> = gcast(gtk_window_new()!)
        gtk_window_set_default_size(window, 720, 640)
        gtk_window_set_child(window, gcast(box))
        gtk_window_present(window)
        host = (window, box)
      }
    }

    func open() throws {
      switch scenario {
      case .dialog:
        let dialog = HelpDialog.present(url, title: "Help")
        self.dialog = dialog
        try OpenBench.waitLoaded(dialog.viewer)
      case .bookSearch:
        guard let book else { throw BenchError("no book") }
        let dialog = HelpDialog.present(book: book)
        self.dialog = dialog
        try OpenBench.waitLoaded(dialog.viewer)
        guard dialog.openSearch(MemoryBench.searchWord) else { throw BenchError("the book dialog has no search") }
        let searched = MainLoop.spin(
          until: {
            dialog.viewer.state.url?.contains(".search?q=") == true && dialog.viewer.state.phase == .loaded
          }, timeout: 30)
        guard searched else { throw BenchError("the search results did not load") }
      case .embedded:
        guard let host else { throw BenchError("no host window") }
        let viewer = LoadingWebView(url: url)
        self.viewer = viewer
        gtk_box_append(host.box, UnsafeMutablePointer<GtkWidget>(viewer.widget))
        try OpenBench.waitLoaded(viewer)
      }
    }

    func close() {
      dialog?.close()
      dialog = nil
      if let viewer, let host {
        gtk_box_remove(host.box, UnsafeMutablePointer<GtkWidget>(viewer.widget))
      }
      viewer = nil
    }
  }
}
