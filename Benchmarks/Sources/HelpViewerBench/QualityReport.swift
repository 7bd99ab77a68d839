import Foundation

/// The "Search quality" section of BENCHMARKS.md (`help-viewer-bench --only quality`): P@1 and
/// MRR of each query set beside the page-level bm25 baseline, then every query.
///
/// ```swift
/// let report = QualityReport(results: try SearchQuality.run())
/// print(report.table())
/// ```
struct QualityReport {
  let results: [SearchQuality.Result]

  static let heading = "## Search quality"
  static let precisionTarget = 0.85
  static let mrrTarget = 0.90

  /// The summary lines for the terminal.
  func table() -> String {
    guard !results.isEmpty else { return "search quality: \(Self.absent)" }
    return results.map { set in
      func two(_ value: Double) -> String { String(format: "%.2f", value) }
      return "search quality: \(set.name), \(set.queries.count) queries: P@1 \(two(set.precisionAtOne)), "
        + "MRR \(two(set.meanReciprocalRank)), \(set.empty) empty; baseline P@1 \(two(set.baselinePrecisionAtOne)), "
        + "MRR \(two(set.baselineMRR)), \(set.baselineEmpty) empty; \(set.emptyWhereBaselineFinds) empty where "
        + "the baseline finds the page"
    }.joined(separator: "\n")
  }

  static let absent = "no query set's book is installed here (Node.js API docs: Debian's `nodejs-doc`)."

  /// The section, from its heading to the end of its notes.
  func section() -> String {
    var text = "\(Self.heading)\n\n"
    guard !results.isEmpty else { return text + Self.absent + "\n\n" }
    text += """
      Written by `help-viewer-bench --only quality`, \(Date().formatted(.iso8601)). Query sets: \
      `Benchmarks/Sources/HelpViewerBench/QuerySets/` (one query a line with the page a person wants; see its README). \
      Both searches run on the same queries in the same run; a result counts when its page is the \
      wanted page.

      The held-out set was not run while the ranking was tuned; it has a table of its own.

      """
    for (heldOut, caption) in [(false, ""), (true, "Held out (run once, after the ranking work):\n\n")] {
      let sets = results.filter { $0.isHeldOut == heldOut }
      guard !sets.isEmpty else { continue }
      text += (caption.isEmpty ? "\n" : caption) + Self.tableHead
      for whole in sets {
        for (set, name) in [(whole, whole.name), (whole.spelledRight, "\(whole.name), without the misspelt queries")]
        where !set.queries.isEmpty {
          text += row(set, name: name)
        }
      }
      text += "\n"
    }
    text += Self.notes
    for set in results {
      text += "\n### \(set.name): every query\n\n"
      text += "Median time of one search (limit 20, snippets included, \(Self.build) build): "
      text += "\(format(set.milliseconds)) ms.\n\n"
      text += "| query | wanted page | rank | first result | baseline rank | baseline first |\n"
      text += "|---|---|---:|---|---:|---|\n"
      for query in set.queries {
        let corrected = query.correctedQuery.map { " (→ “\($0)”)" } ?? ""
        text +=
          "| `\(query.text)`\(corrected) | \(query.wanted.replacingOccurrences(of: "|", with: " or ")) | \(query.rank == 0 ? "–" : String(query.rank)) | "
          + "\(query.first) | \(query.baselineRank == 0 ? "–" : String(query.baselineRank)) | "
          + "\(query.baselineFirst) |\n"
      }
    }
    return text + "\n"
  }

  static let tableHead = """
    | query set | queries | P@1 | MRR | baseline P@1 | baseline MRR | no result (ours / baseline) | none where the baseline finds the page | target | met |
    |---|---:|---:|---:|---:|---:|---:|---:|---|---|

    """

  /// One row of a summary table.
  private func row(_ set: SearchQuality.Result, name: String) -> String {
    let met =
      set.precisionAtOne >= Self.precisionTarget && set.meanReciprocalRank >= Self.mrrTarget
      && set.precisionAtOne > set.baselinePrecisionAtOne && set.meanReciprocalRank > set.baselineMRR
      && set.emptyWhereBaselineFinds == 0
    let figures = [set.precisionAtOne, set.meanReciprocalRank, set.baselinePrecisionAtOne, set.baselineMRR]
      .map { String(format: "%.2f", $0) }.joined(separator: " | ")
    return "| \(name) (\(set.pages) pages, \(set.sections) sections) | \(set.queries.count) | \(figures) | "
      + "\(set.empty) / \(set.baselineEmpty) | \(set.emptyWhereBaselineFinds) | "
      + "P@1 ≥ 0.85, MRR ≥ 0.90, above the baseline, no empty answer where the baseline finds the page | "
      + "\(met ? "yes" : "no") |\n"
  }

  #if DEBUG
    static let build = "debug"
  #else
    static let build = "release"
  #endif

  static let notes = """
    - **P@1**: the share of queries whose first result is on the wanted page. **MRR**: the mean
      of 1 / the rank of the first result on the wanted page (0 when it is not in the first 20).
    - **ours**: `SearchIndex.answer(text)` as the dialog runs it: each page once, by its best
      section; stop words dropped; pages whose title names every word (the page named for the
      words first), then pages with a heading naming them, then pages with a section holding them,
      each group ordered by how much of the query the title (and a Mallard desc) names, then by
      the tiers (whole words above prefixes, bm25); then pages holding the words across
      sections or some of them, by the rarity of the words held (the title's counted twice); a
      word the book lacks searched by its stem or corrected (→ shows the correction).
    - **baseline**: one FTS5 row per page (its title, and its headings and text), every word a
      prefix, `bm25(pages, 10, 1)` (the title weighted 10), all the words, then any of them when
      no page holds them all: no tiers, no stop words, no duplicates removed, no correction.
    - **no result**: queries answered with nothing at all; **none where the baseline finds the
      page**: those of them for which the baseline lists the wanted page.
    - Trace the misses of a run: `HELP_VIEWER_QUALITY_TRACE=1` logs each query not first with its
      first five results. `--skip-held-out` leaves the held-out set out; `--sets a,b` runs the
      sets whose file name holds a or b.
    - A set is left out when its book is not installed, or when this build indexes no page of
      it: GNOME's `gnome-help` (Mallard, Debian's `gnome-user-docs`) has its set
      (`gnome-help.tsv`) and is measured once Mallard books are indexed.

    """
}
