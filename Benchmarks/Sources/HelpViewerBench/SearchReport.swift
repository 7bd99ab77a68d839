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
    let book =
      "Node.js API docs, \(result.pages) pages, \(format(result.megabytes)) MiB of HTML, \(result.sections) sections"
    var rows = [
      Report.Row(
        measure: "help search: index build (\(book))", samples: result.build, unit: "ms",
        target: "< 2 s", met: result.build.median < Self.indexTarget),
      Report.Row(
        measure: "help search: index build, CPU time of all threads", samples: result.buildCPU, unit: "ms",
        ratio: "\(format(result.buildCPU.median / result.build.median))× the wall time"),
      Report.Row(
        measure: "help search: of which reading and parsing the pages (libxml2 and text, one thread, no SQLite)",
        samples: result.parseCPU, unit: "ms",
        ratio: "SQLite and the rest: \(format(result.buildCPU.median - result.parseCPU.median)) ms"),
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
        measure: "help search: when the longest stall ended, ms after the build started",
        samples: stall.longestAt, unit: "ms", ratio: "builds took \(format(stall.buildTimes.median)) ms"))
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
      \(result.loadAverage), after them: \(result.loadAverageAfter) \
      (on \(ProcessInfo.processInfo.activeProcessorCount) cores; other work on the machine slows \
      the build and makes frames late with or without it: compare the stall with the idle window's).

      | measure | median | min | max | n | compared | target | met |
      |---|---:|---:|---:|---:|---|---|---|

      """
    text += Report.markdownRows(rows)
    text += "\n" + Self.notes
    return text
  }

  /// `document` with its help search section replaced by `section` (or `section` added before
  /// "How each figure is measured", or at the end).
  static func splice(_ section: String, into document: String, heading: String = heading) -> String {
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
    - **index build**: `SearchIndex.build(book:)`, as the dialog calls it, on the Node.js API
      pages Debian installs, waited for; each build reads the files (the page cache warm after
      the first). libxml2 parses the pages on one thread fewer than the cores
      (`SearchIndex.parsingThreads`: one here), 10 below the caller's priority
      (`SearchIndex.buildNiceness`), then one transaction inserts one FTS5 row per section into
      a private in-memory SQLite database. The CPU row is the process's user + system time over
      the build: when it is well below the wall time, other work on the machine held the cores
      (the build's threads yield to it).
    - **query**: `index.search(text)` (limit 20) as the dialog runs it, with the snippets; each
      query once unmeasured, then 200 times. Every word is a prefix; up to four tier queries
      (heading names the words, heading prefixes, whole words, prefixes: see "Search quality")
      each rank their matches, then one statement reads the 20 rows by id and the library
      makes their snippets by FTS5's rules (no second match of the book). A misspelt word is
      corrected first (the vocabulary's terms within edit distance 2, scanned in Swift); the 16
      unknown words stop at the first that has no close term. A query of one letter ranks
      only the sections whose heading starts with it (`heading : ^"s"*`), then adds the other
      matches unranked (FTS5 prefix index `prefix='1 2'`): ranking all 5,000 matches took 15 ms.
    - **stall**: a window with a spinning `GtkSpinner` and a tick callback recording every
      frame-clock tick; `SearchIndex.build(book:)` runs from the main actor while the main loop
      spins, and the largest gap between two ticks is the longest the main thread could not
      draw. Compared with the same window idle for as long. Under Xvfb each frame is drawn by
      Mesa's llvmpipe on the same two cores. With two parsing threads on two cores (before), the
      longest gap was 35–190 ms; one parsing thread and the lower priority keep it near the idle
      window's.

    """
}

extension String {
  fileprivate var trimmingTrailingNewlines: String {
    var text = self
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }
}
