import Foundation
import HelpViewerBooks
import HelpViewerCore

/// GNOME's own help, `help:gnome-help` (Mallard, Debian's `gnome-user-docs`): the demo against
/// Yelp from a cold start, warm dialog opens and links in a child process, and the book's
/// search index build with the main-thread stall it causes.
///
/// ```swift
/// let result = try GnomeBench.run()   // result.builds.median, result.start.other.median
/// ```
enum GnomeBench {
  static let app = MallardDialogBench.app

  struct Result: Codable {
    /// Why nothing was measured, when gnome-help is not installed.
    var skipped: String?
    var loadAverage = ""
    var loadAverageAfter = ""
    var start = YelpComparison.Result()
    var dialog = MallardDialogBench.Result()
    var pages = 0
    var sections = 0
    /// Wall time of each `SearchIndex.build(book:)` (ms).
    var builds = Samples()
    var stall = StallBench.Result()
  }

  static func run(launches: Int = 7, dialogRounds: Int = 7, builds: Int = 3) throws -> Result {
    let book: HelpBook
    do {
      book = try HelpBook.installed(app: app, languages: [])
    } catch {
      Driver.log("gnome help: \(app) is not installed; skipped")
      return Result(skipped: "GNOME's help (`\(app)`, Debian's `gnome-user-docs`) is not installed: \(error.message)")
    }
    var result = Result()
    result.loadAverage = SearchBench.loadAverage()
    result.start = try YelpComparison.run(rounds: launches)
    Driver.log("gnome help: warm dialog opens and links (\(dialogRounds) rounds, a child process)")
    result.dialog = try Programs.child(
      MallardDialogBench.Result.self, ["mallard", "--rounds", String(dialogRounds)])
    for build in 1...max(builds, 1) {
      Driver.log("gnome help: index build \(build)/\(builds)")
      let start = now()
      let index = try SearchBench.build(book)
      result.builds.add(now() - start)
      result.pages = index.pageCount
      result.sections = index.sectionCount
    }
    Driver.log("gnome help: main-thread stall while indexing (\(builds) builds, a window ticking)")
    result.stall = try Programs.child(StallBench.Result.self, ["stall", "--app", app, "--builds", String(builds)])
    result.loadAverageAfter = SearchBench.loadAverage()
    return result
  }
}
