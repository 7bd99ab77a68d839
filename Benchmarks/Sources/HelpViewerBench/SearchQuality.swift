import Foundation
import HelpViewerBooks

/// How well help search finds the page a person wants: query sets written by hand
/// (`Sources/HelpViewerBench/QuerySets/*.tsv`), each query with its wanted page, scored by precision at 1
/// (the first result is on the wanted page) and mean reciprocal rank (1 / the rank of the first
/// result on it, 0 when not in the first 20), for `SearchIndex` and, on the same queries in the
/// same run, a plain page-level bm25 baseline (`PageBaseline`).
///
/// A set whose book is not installed is skipped, and so is one whose book has no page this
/// build can index (GNOME's Mallard `gnome-help` before Mallard books are indexed). To add a
/// set, add a line to `sets` and write its file.
///
/// ```swift
/// for set in try SearchQuality.run() { print(set.name, set.precisionAtOne, set.baselineMRR) }
/// ```
enum SearchQuality {
  /// A query set: its name, its book and its file in `QuerySets`; a held-out set was not run
  /// while the ranking was tuned (it is reported apart).
  struct QuerySet {
    var name: String
    var book: URL
    var file: String
    var isHeldOut = false
  }

  static func help(_ name: String) -> URL { URL(fileURLWithPath: "/usr/share/help/C/\(name)") }

  /// The sets measured.
  static let sets = [
    QuerySet(name: "Node.js API docs", book: SearchBench.nodeBook, file: "nodejs-api.tsv"),
    QuerySet(name: "GNOME Help (gnome-help, Mallard)", book: help("gnome-help"), file: "gnome-help.tsv"),
    QuerySet(
      name: "Python 3.11 library reference (Sphinx)",
      book: URL(fileURLWithPath: "/usr/share/doc/python3.11/html/library"), file: "python-library.tsv"),
    QuerySet(name: "GNOME Help, unseen queries (Mallard)", book: help("gnome-help"), file: "gnome-help-unseen.tsv"),
    QuerySet(name: "evince (Mallard)", book: help("evince"), file: "evince.tsv"),
    QuerySet(name: "system-admin-guide (Mallard)", book: help("system-admin-guide"), file: "system-admin-guide.tsv"),
    QuerySet(name: "gedit (Mallard), held out", book: help("gedit"), file: "gedit-heldout.tsv", isHeldOut: true),
  ]

  /// The folder with the query sets, in the package's checkout.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("QuerySets")

  /// One query: what was typed, the page wanted, where each search put it.
  struct Query: Codable {
    var text: String
    /// The wanted page, or pages when two are truly both right (`page|other` in the file).
    var wanted: String
    /// 1-based rank of the first result on the wanted page; 0 when not in the first 20.
    var rank = 0
    var baselineRank = 0
    var first = ""
    var baselineFirst = ""
    var correctedQuery: String?
    /// Whether the set marks it misspelt on purpose (its note starts with "misspelt").
    var isMisspelt = false
    /// How many results each search gave (0: "No results").
    var count = 0
    var baselineCount = 0
  }

  struct Result: Codable {
    var name: String
    var isHeldOut = false
    var pages = 0
    var sections = 0
    var queries: [Query] = []
    /// Median time of one `answer` on these queries (ms).
    var milliseconds = 0.0

    /// The same set without its misspelt queries (which the baseline cannot find).
    var spelledRight: Result {
      var copy = self
      copy.queries = queries.filter { !$0.isMisspelt }
      return copy
    }

    /// Queries with no result at all, ours and the baseline's.
    var empty: Int { queries.filter { $0.count == 0 }.count }
    var baselineEmpty: Int { queries.filter { $0.baselineCount == 0 }.count }
    /// Queries we answer with nothing where the baseline finds the wanted page.
    var emptyWhereBaselineFinds: Int { queries.filter { $0.count == 0 && $0.baselineRank > 0 }.count }

    var precisionAtOne: Double { mean { $0.rank == 1 ? 1 : 0 } }
    var meanReciprocalRank: Double { mean { $0.rank > 0 ? 1 / Double($0.rank) : 0 } }
    var baselinePrecisionAtOne: Double { mean { $0.baselineRank == 1 ? 1 : 0 } }
    var baselineMRR: Double { mean { $0.baselineRank > 0 ? 1 / Double($0.baselineRank) : 0 } }

    private func mean(_ value: (Query) -> Double) -> Double {
      queries.isEmpty ? .nan : queries.map(value).reduce(0, +) / Double(queries.count)
    }
  }

  /// The queries of `file`: `query<TAB>page<TAB>why` lines, `#` comments; a query whose why
  /// starts with "misspelt" is misspelt on purpose.
  static func queries(in file: URL) throws -> [(text: String, wanted: String, isMisspelt: Bool)] {
    let text = try String(contentsOf: file, encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#") else { return nil }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 2, !fields[0].isEmpty else { return nil }
      return (String(fields[0]), String(fields[1]), fields.count > 2 && fields[2].hasPrefix("misspelt"))
    }
  }

  /// Measures every set whose book is installed; with `skipHeldOut`, not the held-out ones;
  /// with `only`, the sets whose file name holds one of its strings.
  static func run(skipHeldOut: Bool = false, only: [String] = []) throws -> [Result] {
    var results: [Result] = []
    for set in sets {
      if skipHeldOut, set.isHeldOut {
        Driver.log("search quality: \(set.name): held out; skipped")
        continue
      }
      if !only.isEmpty, !only.contains(where: { set.file.contains($0) }) { continue }
      guard FileManager.default.fileExists(atPath: set.book.path) else {
        Driver.log("search quality: \(set.name): \(set.book.path) is not installed; skipped")
        continue
      }
      Driver.log("search quality: \(set.name): indexing \(set.book.path)")
      let book = try HelpBook(folder: set.book, languages: [])
      let index = try SearchBench.build(book)
      guard index.pageCount > 0 else {
        Driver.log("search quality: \(set.name): no page of \(set.book.path) can be indexed by this build; skipped")
        continue
      }
      let baseline = try PageBaseline(book: book)
      var result = Result(
        name: set.name, isHeldOut: set.isHeldOut, pages: index.pageCount, sections: index.sectionCount)
      var times = Samples()
      for (text, wanted, isMisspelt) in try queries(in: folder.appendingPathComponent(set.file)) {
        var query = Query(text: text, wanted: wanted)
        query.isMisspelt = isMisspelt
        let start = now()
        let answer = try index.answer(text, limit: 20)
        times.add(now() - start)
        let pages = answer.results.map(\.pageID)
        let wantedPages = Set(wanted.split(separator: "|").map(String.init))
        query.rank = (pages.firstIndex(where: wantedPages.contains) ?? -1) + 1
        query.count = pages.count
        query.first = answer.results.first.map { "\($0.pageID)#\($0.sectionID ?? "")" } ?? ""
        query.correctedQuery = answer.correctedQuery
        if ProcessInfo.processInfo.environment["HELP_VIEWER_QUALITY_TRACE"] != nil, query.rank != 1 {
          let top = answer.results.prefix(5).map { "\($0.pageID)#\($0.sectionID ?? "")" }
          Driver.log("\(text) → wanted \(wanted) at \(query.rank): \(top.joined(separator: ", "))")
        }
        let baselinePages = baseline.search(text, limit: 20)
        query.baselineRank = (baselinePages.firstIndex(where: wantedPages.contains) ?? -1) + 1
        query.baselineCount = baselinePages.count
        query.baselineFirst = baselinePages.first ?? ""
        result.queries.append(query)
      }
      result.milliseconds = times.median
      results.append(result)
    }
    return results
  }
}
