import Foundation
import HelpViewer
import HelpViewerDemoContent
import HelpViewerGlue

/// Memory of the app and its WebKit processes with one help dialog open, before and after 100
/// open/close cycles, on the bundled help page.
@MainActor
enum MemoryBench {
  struct Result: Codable {
    var oneDialog = 0.0
    var afterCycles = 0.0
    var processesOneDialog = 0
    var processesAfterCycles = 0
    var afterTenCycles = 0.0
    var processesAfterTenCycles = 0
    var cycles = 0
    /// PSS by kind of process (`ProcessTree.pssByKind`) with one dialog open, and after the cycles.
    var oneDialogByKind: [String: Double] = [:]
    var afterCyclesByKind: [String: Double] = [:]
  }

  /// How long memory is left to settle before it is read (the same for MiniBrowser).
  nonisolated static let settleSeconds = 3.0

  static func run(cycles: Int) throws -> Result {
    let url = BundledScheme.url(NotebookContent.helpPath(), in: NotebookContent.folderName)
    var result = Result()
    result.cycles = cycles
    var dialog = HelpDialog.present(url, title: "Help")
    try OpenBench.waitLoaded(dialog.viewer)
    OpenBench.settle(settleSeconds)
    result.oneDialog = ProcessTree.totalPSS(of: getpid())
    result.oneDialogByKind = ProcessTree.pssByKind(of: getpid())
    result.processesOneDialog = ProcessTree.webKitProcesses(below: getpid())
    for cycle in 0..<cycles {
      if cycle == 10 {
        OpenBench.settle(settleSeconds)
        result.afterTenCycles = ProcessTree.totalPSS(of: getpid())
        result.processesAfterTenCycles = ProcessTree.webKitProcesses(below: getpid())
      }
      dialog.close()
      OpenBench.settle(0.3)  // As for the warm opens: a person does not reopen help at once.
      dialog = HelpDialog.present(url, title: "Help")
      try OpenBench.waitLoaded(dialog.viewer)
    }
    OpenBench.settle(settleSeconds)
    result.afterCycles = ProcessTree.totalPSS(of: getpid())
    result.afterCyclesByKind = ProcessTree.pssByKind(of: getpid())
    result.processesAfterCycles = ProcessTree.webKitProcesses(below: getpid())
    dialog.close()
    return result
  }
}
