import Foundation

/// The demo's cold start against WebKit's MiniBrowser on the same page, the demo's bundled help
/// page (issue 20.4): MiniBrowser timed from its spawn until the page is on the screen, the
/// demo by its `--show help --report` `startToLoaded` (alone, not while grabbing) and, for
/// fairness, on the screen exactly like MiniBrowser (`LaunchComparison`).
///
/// ```swift
/// let result = try StartupComparison.run(page: helpFile)   // 7 rounds, as the target asks
/// print(Report.lines(for: StartupComparison.rows(result)).joined(separator: "\n"))
/// ```
enum StartupComparison {
  /// The target's "median of 7 each".
  static let rounds = 7

  /// One unmeasured launch of each, then `rounds` of MiniBrowser on the screen, the demo
  /// reporting and the demo on the screen, in turn; `page` is the bundled help page's file://
  /// address (MiniBrowser's argument; the demo's `--show help` is the same file).
  static func run(page: String, rounds: Int = rounds) throws -> LaunchComparison.Result {
    guard FileManager.default.isExecutableFile(atPath: Programs.miniBrowser) else {
      Driver.log("start-up: MiniBrowser is not installed; skipped")
      return LaunchComparison.Result(
        skipped: "MiniBrowser is not installed (\(Programs.miniBrowser), Debian's `libwebkitgtk-6.0-4`)")
    }
    let comparison = LaunchComparison(
      name: "MiniBrowser", label: "start-up", program: URL(fileURLWithPath: Programs.miniBrowser),
      arguments: [page], demoArguments: ["--show", "help"])
    return try comparison.run(rounds: rounds)
  }

  /// The rows of the main table's start-up block: the target row first.
  static func rows(_ result: LaunchComparison.Result) -> [Report.Row] {
    if let skipped = result.skipped {
      return [Report.Row(measure: "demo against MiniBrowser: skipped, \(skipped)", samples: Samples(), unit: "")]
    }
    let browser = result.other.median
    func times(_ samples: Samples) -> String { "\(String(format: "%.2f", samples.median / browser))× MiniBrowser" }
    return [
      Report.Row(
        measure: "demo --show help --report, its startToLoaded", samples: result.demoReported, unit: "ms",
        ratio: times(result.demoReported), target: "≤ MiniBrowser's whole run",
        met: result.demoReported.median <= browser),
      Report.Row(
        measure: "demo --show help --report, where the time to loaded goes (medians, ms from the start)",
        samples: result.demoReported, unit: "ms", ratio: milestones(result)),
      Report.Row(
        measure: "MiniBrowser, spawn → page on the screen", samples: result.other, unit: "ms",
        ratio: "1×; grabs \(format(result.grabIntervals.median)) ms apart (\(result.grabCall))"),
      Report.Row(
        measure: "demo, spawn → page on the screen", samples: result.demoScreen, unit: "ms",
        ratio: times(result.demoScreen)),
    ]
  }

  /// "main 95 · gtkReady 180 · … · loaded 620": the demo's milestones in the order reached.
  static func milestones(_ result: LaunchComparison.Result) -> String {
    let reached = result.demoMilestones.map { (name: $0.key, median: $0.value.median) }.sorted { $0.median < $1.median }
    return (reached + [(name: "loaded", median: result.demoReported.median)])
      .map { "\($0.name) \(format($0.median))" }.joined(separator: " · ")
  }

  /// Its bullet in "How each figure is measured".
  static let notes = """
    - **demo against MiniBrowser**: one unmeasured launch of each, then 7 rounds of
      MiniBrowser (`MiniBrowser file:///…/help/C/index.html`, the bundled help page), the demo with
      `--show help --report` (its `startToLoaded`, alone: nothing grabs the screen meanwhile)
      and the demo with `--show help` (its terms accepted in temporary XDG folders, else it
      asks for them at start), in turn. MiniBrowser reports nothing, so both "spawn →
      page on the screen" rows are timed as Yelp is in "GNOME help": root-window grabs every
      4 ms at most, the page "shown" at the first grab equal to the screen the program settles
      on (unchanged for 1.5 s), then SIGTERM. The demo's screen shows its main window and the help
      dialog; its `startToLoaded` ends at `.loaded`, before the page is painted, and
      MiniBrowser's row ends after it. The "where the time goes" row gives the medians of the
      same reporting runs' `timings.milestones`: `main` (the program's code starts: the dynamic
      loader and the libraries' constructors before it), `gtkReady` (`gtk_init`), `appReady`
      (the `GtkApplication` and Notebook's window built), `windowPresented`, `pageAsked` (the
      help book read, its dialog presented and its page asked for), then `loaded`.
    """
}
