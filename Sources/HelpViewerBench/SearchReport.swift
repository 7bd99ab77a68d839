import Foundation

/// The "Help search" section of the benchmark: its rows for the terminal and BENCHMARKS.md,
/// and how the section replaces the one of an earlier run (`--only search`).
///
/// ```swift
/// let report = SearchReport(result: try SearchBench.runAll(), seconds: 60)
/// let text = SearchReport.splice(report.section(), into: oldBenchmarks)
/// ```
struct SearchReport {
  let result: SearchBench.Result?
  let seconds: Double

  static let heading = "## Help search"
  static let indexTarget = 2000.0
  static let queryTarget = 10.0
  static let stallTarget = 50.0

  var rows: [Report.Row] {
    guard let result else { return [] }
    let book = "Node.js API docs, \(result.pages) pages, \(format(result.megabytes)) MB, \(result.sections) sections"
    var rows = [
      Report.Row(
        measure: "help search: index build (\(book))", samples: result.build, unit: "ms",
        target: "< 2 s", met: result.build.median < Self.indexTarget),
      Report.Row(
        measure: "help search: index build, CPU time of all threads", samples: result.buildCPU, unit: "ms",
        ratio: "\(format(result.buildCPU.median / result.build.median))× the wall time"),
    ]
    for query in result.queries {
      rows.append(
        Report.Row(
          measure: "help search: query “\(query.text)” (\(query.kind)), \(query.results) results, first \(query.first)",
          samples: query.samples, unit: "ms", target: "< 10 ms (median)", met: query.samples.median < Self.queryTarget))
    }
    let stall = result.stall
    rows.append(
      Report.Row(
        measure: "help search: longest main-thread stall while indexing (frame-clock gap, per build)",
        samples: stall.whileIndexing, unit: "ms", ratio: "idle: \(format(stall.idle.max)) ms",
        target: "≤ 50 ms", met: stall.whileIndexing.max <= Self.stallTarget))
    rows.append(
      Report.Row(
        measure: "help search: longest frame-clock gap, idle for as long (per period)", samples: stall.idle,
        unit: "ms"))
    rows.append(
      Report.Row(
        measure: "help search: frame-clock gaps while indexing, all", samples: stall.indexingGaps, unit: "ms",
        ratio: "idle median: \(format(stall.idleGaps.median)) ms"))
    return rows
  }

  func table() -> String {
    guard result != nil else { return "\nhelp search: \(Self.absent)" }
    return Report.lines(for: rows).joined(separator: "\n")
  }

  static let absent = """
    The Node.js API documentation (`\(SearchBench.nodeBook.path)`, from Debian's `nodejs` \
    package) is not installed here: no help search rows.
    """

  /// The section, from its heading to the end of its notes.
  func section() -> String {
    var text = "\(Self.heading)\n\n"
    guard let result else { return text + Self.absent + "\n\n" }
    text += """
      Written by `help-viewer-bench` (also alone: `help-viewer-bench --only search`), \
      \(Date().formatted(.iso8601)); these measurements took \(Int(seconds)) s; load average before them: \
      \(result.loadAverage) on \(ProcessInfo.processInfo.activeProcessorCount) cores.

      | measure | median | min | max | n | compared | target | met |
      |---|---:|---:|---:|---:|---|---|---|

      """
    text += Report.markdownRows(rows)
    text += "\n" + Self.notes
    return text
  }

  /// `document` with its help search section replaced by `section` (or `section` added before
  /// "How each figure is measured", or at the end).
  static func splice(_ section: String, into document: String) -> String {
    if let start = document.range(of: "\n" + heading + "\n") {
      let rest = document[start.upperBound...]
      let end = rest.range(of: "\n## ")?.lowerBound ?? document.endIndex
      return String(document[..<start.lowerBound]) + "\n" + section.trimmingTrailingNewlines + "\n"
        + String(document[end...])
    }
    if let next = document.range(of: "\n## How each figure is measured") {
      return String(document[..<next.lowerBound]) + "\n" + section.trimmingTrailingNewlines + "\n"
        + String(document[next.lowerBound...])
    }
    return document.isEmpty ? "# Benchmarks\n\n" + section : document + "\n" + section
  }

  static let notes = """
    - **index build**: `SearchIndex(book:)` on the Node.js API pages Debian installs, each build
      from the files (the page cache warm after the first): libxml2 parses the pages on up to
      4 threads, then one transaction inserts one FTS5 row per section into a private in-memory
      SQLite database. `SearchIndex.build(book:)` does the same on a detached task. The CPU row
      is the process's user + system time over the build: above 1× when the parsing threads
      overlap; close to the wall time when other work holds the cores.
    - **query**: `index.search(text)` (limit 20) as the dialog runs it, with the snippets; each
      query once unmeasured, then 200 times. Every word is a prefix; a one-letter word uses the
      FTS5 prefix index (`prefix='1 2'`).
    - **stall**: a window with a spinning `GtkSpinner` and a tick callback recording every
      frame-clock tick; `SearchIndex.build(book:)` runs from the main actor (the work on a
      detached task) while the main loop spins, and the largest gap between two ticks is the
      longest the main thread could not draw. Compared with the same window idle for as long.
      Under Xvfb each frame is drawn by Mesa's llvmpipe on the same two cores.

    """
}

extension String {
  fileprivate var trimmingTrailingNewlines: String {
    var text = self
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
