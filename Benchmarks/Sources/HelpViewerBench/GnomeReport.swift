import Foundation

/// The "GNOME help (Mallard)" section of the benchmark: its rows for the terminal and
/// BENCHMARKS.md (`help-viewer-bench --only gnome` replaces just this section).
///
/// ```swift
/// let report = GnomeReport(result: try GnomeBench.run(), seconds: 120)
/// print(report.table())
/// ```
struct GnomeReport {
  let result: GnomeBench.Result
  let seconds: Double

  static let heading = "## GNOME help (Mallard)"
  static let startRatioTarget = 0.75
  static let warmTarget = 150.0
  static let linkTarget = 100.0
  static let indexTarget = 2000.0
  static let stallTarget = 50.0

  var rows: [Report.Row] {
    guard result.skipped == nil else { return [] }
    return startRows + dialogRows + indexRows
  }

  private var startRows: [Report.Row] {
    let start = result.start
    guard start.skipped == nil else { return [] }
    let yelp = start.other.median
    func times(_ samples: Samples) -> String { "\(String(format: "%.2f", samples.median / yelp))× Yelp" }
    return [
      Report.Row(
        measure: "gnome-help: Yelp 42 (`yelp help:gnome-help`), spawn → index on the screen", samples: start.other,
        unit: "ms", ratio: "1×"),
      Report.Row(
        measure: "gnome-help: help-viewer-demo --open help:gnome-help --report, its startToLoaded",
        samples: start.demoReported, unit: "ms", ratio: times(start.demoReported), target: "≤ 0.75× Yelp",
        met: start.demoReported.median <= Self.startRatioTarget * yelp),
      Report.Row(
        measure: "gnome-help: the same startToLoaded while the screen is grabbed as for Yelp (the watching's cost)",
        samples: start.demoReportedWhileGrabbing, unit: "ms", ratio: times(start.demoReportedWhileGrabbing)),
      Report.Row(
        measure: "gnome-help: help-viewer-demo --open help:gnome-help, spawn → page on the screen (as Yelp)",
        samples: start.demoScreen, unit: "ms", ratio: times(start.demoScreen)),
      Report.Row(
        measure: "gnome-help: time between two screen grabs (\(start.grabCall); resolution of the screen rows)",
        samples: start.grabIntervals, unit: "ms"),
    ]
  }

  private var dialogRows: [Report.Row] {
    let dialog = result.dialog
    return [
      Report.Row(
        measure: "gnome-help: warm dialog open → loaded, a page not shown before", samples: dialog.warmFresh,
        unit: "ms", target: "≤ 150 ms", met: dialog.warmFresh.median <= Self.warmTarget),
      Report.Row(
        measure: "gnome-help: warm dialog open → loaded, a page shown before in the process",
        samples: dialog.warmRepeated, unit: "ms", target: "≤ 150 ms", met: dialog.warmRepeated.median <= Self.warmTarget
      ),
      Report.Row(
        measure: "gnome-help: click on a link → the linked page loaded (a page not shown before)",
        samples: dialog.link, unit: "ms", target: "≤ 100 ms", met: dialog.link.median <= Self.linkTarget),
    ]
  }

  private var indexRows: [Report.Row] {
    let stall = result.stall
    return [
      Report.Row(
        measure: "gnome-help: index build (\(result.pages) pages, \(result.sections) sections)",
        samples: result.builds, unit: "ms", target: "≤ 2 s", met: result.builds.median <= Self.indexTarget),
      Report.Row(
        measure: "gnome-help: longest main-thread stall while indexing (frame-clock gap, per build)",
        samples: stall.whileIndexing, unit: "ms", ratio: "idle: \(format(stall.idle.max)) ms",
        target: "≤ 50 ms", met: stall.whileIndexing.max <= Self.stallTarget),
      Report.Row(
        measure: "gnome-help: longest frame-clock gap, idle for as long (per period)", samples: stall.idle,
        unit: "ms", ratio: "builds in that window took \(format(stall.buildTimes.median)) ms"),
    ]
  }

  func table() -> String {
    var lines = ["", "GNOME help (Mallard):"]
    if let skipped = result.skipped { return (lines + [skipped]).joined(separator: "\n") }
    if let skipped = result.start.skipped { lines.append("Yelp comparison skipped: \(skipped)") }
    return (lines + Report.lines(for: rows)).joined(separator: "\n")
  }

  /// The section, from its heading to the end of its notes.
  func section() -> String {
    var text = "\(Self.heading)\n\n"
    if let skipped = result.skipped { return text + skipped + "\n\n" }
    text += """
      Written by `help-viewer-bench` (also alone: `help-viewer-bench --only gnome`), \
      \(Date().formatted(.iso8601)); these measurements took \(Int(seconds)) s; load average before them: \
      \(result.loadAverage), after them: \(result.loadAverageAfter) \
      (on \(ProcessInfo.processInfo.activeProcessorCount) cores).

      """
    if let skipped = result.start.skipped { text += "\nNo Yelp comparison: \(skipped).\n" }
    text += """

      | measure | median | min | max | n | compared | target | met |
      |---|---:|---:|---:|---:|---|---|---|

      """
    text += Report.markdownRows(rows)
    let pages = result.dialog.pages.map { "`\($0)`" }.joined(separator: ", ")
    text += "\nPages of the dialog rows, in order (warm opens, then links followed): \(pages).\n\n" + Self.notes
    return text
  }

  static let notes = """
    - **Yelp and the demo, cold**: one unmeasured launch of each, then 7 rounds of Yelp, the demo
      with `--report` (alone, then while another thread grabs the screen as for Yelp) and the
      demo without (its terms accepted in temporary XDG folders, else it asks for them at
      start), in turn. Yelp's window title does not tell when its
      page shows, so the screen does: the benchmark grabs the whole root window
      (`XShmGetImage` through shared memory where the server has MIT-SHM, else `XGetImage`; a
      grab every 4 ms at most: the grab row) and hashes it; the page is "shown" at the first
      grab equal to the screen the program settles on (unchanged for 1.5 s and not the screen
      before the launch), timed from the spawn. Then the program gets SIGTERM and the next
      launch waits until the screen is empty again. The demo's own `startToLoaded` runs from its
      process start (the kernel's `starttime`, 10 ms ticks) to `.loaded`, before the page is
      painted; the screen row measures it exactly as Yelp, up to the last paint (the index's
      icons come last). The grabs (the bench and Xvfb copying the screen) take CPU
      while they watch, on a machine of 2 cores: Yelp and the screen row pay it alike, the target
      row does not; the "while the screen is grabbed" row shows what it costs the demo. Back to
      back, shared-memory grabs (under 1 ms each) nearly doubled the demo's startToLoaded; hence
      the 4 ms pacing.
    - **warm dialog**: `HelpDialog.present(address: "help:gnome-help/PAGE")` → `.loaded`, after the
      previous dialog closed and 0.3 s; the process's first dialog is not measured. A page not
      shown before is rendered (mal2html) on the way; a page shown before (the first one) may come
      from a kept rendering. The two alternate.
    - **link**: in a loaded page the script `document.querySelector('a[href="PAGE.html"]').click()`
      (`webkit_web_view_evaluate_javascript`) follows the first link to a page not shown yet in
      the process, from the click until the viewer is `.loaded` on it; starting at the index page,
      each round from the page the previous one reached, 0.3 s after it loaded (a person reads
      before clicking). A shown page renders the pages it links to in the background (its first
      16 links, one at a time), so the page a link leads to is usually rendered already: the row
      measures WebKit's navigation, and a render only when the click comes first.
    - **index build** and **stall**: as in "Help search", on the book `HelpBook.installed(app:
      "gnome-help", languages: [])` (the C pages); the build in this process, the stall in a child
      with a ticking window.

    """
}
