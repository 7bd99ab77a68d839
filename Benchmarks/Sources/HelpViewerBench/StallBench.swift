import Foundation
import HelpViewerBooks
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue

/// The longest main-thread stall while a help book is indexed: a window with a spinner whose
/// tick callback records every frame-clock tick, first for a while with nothing else to do,
/// then while `SearchIndex.build(book:)` runs (off the main thread, as the dialog runs it).
/// The largest gap between two ticks is the longest time the main thread could not draw.
///
/// ```swift
/// let result = try StallBench.run(book: book, builds: 3)   // result.whileIndexing.max
/// ```
@MainActor
enum StallBench {
  struct Result: Codable {
    /// The largest tick gap of each idle period as long as a build (ms).
    var idle = Samples()
    /// The largest tick gap of each build (ms).
    var whileIndexing = Samples()
    /// Every tick gap while indexing, to give the median frame.
    var indexingGaps = Samples()
    var idleGaps = Samples()
    /// When the longest gap of each build ended, in ms after the build started, and how long
    /// each build took: where in the build the main thread waited.
    var longestAt = Samples()
    var buildTimes = Samples()
  }

  static func run(book: HelpBook, builds: Int) throws -> Result {
    let window: UnsafeMutablePointer<GtkWindow> = gcast(gtk_window_new()!)
    defer { gtk_window_destroy(window) }
    let spinner = gtk_spinner_new()!
    gtk_spinner_start(gcast(spinner))
    gtk_window_set_default_size(window, 480, 360)
    gtk_window_set_child(window, spinner)
    gtk_window_present(window)

    var ticks: [Double] = []
    var recording = true
    spinner.addTickCallback {
      ticks.append(now())
      return recording
    }
    defer { recording = false }
    guard MainLoop.spin(until: { ticks.count >= 10 }, timeout: 10) else {
      throw BenchError("the frame clock does not tick")
    }
    var result = Result()
    var lastBuildSeconds = 1.0
    for _ in 0..<max(builds, 1) {
      // Idle, for as long as the last build took (1 s before the first).
      let idleSeconds = max(lastBuildSeconds, 0.5)
      ticks.removeAll()
      OpenBench.settle(idleSeconds)
      let idle = gaps(ticks)
      result.idle.add(idle.max)
      result.idleGaps = result.idleGaps + idle

      ticks.removeAll()
      var finished: Swift.Result<SearchIndex, LoadError>?
      let start = now()
      Task { @MainActor in
        do throws(LoadError) { finished = .success(try await SearchIndex.build(book: book)) } catch {
          finished = .failure(error)
        }
      }
      guard MainLoop.spin(until: { finished != nil }, timeout: 120) else { throw BenchError("indexing took > 120 s") }
      lastBuildSeconds = (now() - start) / 1000
      if case .failure(let error) = finished { throw BenchError("indexing failed: \(error.details ?? error.message)") }
      // The tick after the end, so a stall running to the end counts.
      let count = ticks.count
      MainLoop.spin(until: { ticks.count > count }, timeout: 2)
      let busy = gaps(ticks)
      result.whileIndexing.add(busy.max)
      if let worst = busy.values.indices.max(by: { busy.values[$0] < busy.values[$1] }) {
        result.longestAt.add(ticks[worst + 1] - start)
      }
      result.buildTimes.add(lastBuildSeconds * 1000)
      result.indexingGaps = result.indexingGaps + busy
    }
    return result
  }

  /// The gaps between successive ticks (ms).
  static func gaps(_ ticks: [Double]) -> Samples {
    Samples(zip(ticks.dropFirst(), ticks).map { $0 - $1 })
  }
}
