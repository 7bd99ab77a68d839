import Foundation
import HelpViewerCore

/// How `SearchIndex` orders the sections whose title or heading names the query (tiers 1 and 2
/// of `answer(_:limit:correcting:)`): by how much of the heading's name the query is.
///
/// ```swift
/// SearchIndex.namingRank(heading: "Class: EventEmitter", title: "Events", tokens: ["eventemitter"], prefix: false)
/// // 0.5
/// ```
extension SearchIndex {
  /// How a row of a naming tier names the query's words.
  enum Naming: Int, Comparable {
    /// Its heading names them all, or its page's title does.
    case alone
    /// Its page's title names some and its heading's name (`name(of:)`, without
    /// `declarationWords`) the others: "copy a file" in `shutil.copy(src, dst)` of "shutil —
    /// High-level file operations".
    case together
    /// Its title holds some and its heading the others only in a signature's parameters
    /// (`cgitb.enable(display=1, context=5)` of "Traceback manager", for "context manager") or
    /// as a declaration word (`class abc.ABCMeta` of "Abstract Base Classes").
    case none

    static func < (a: Naming, b: Naming) -> Bool { a.rawValue < b.rawValue }
  }

  /// The rows matching `match` (a naming tier's query), best named first: those whose heading
  /// or title alone names the words, then those whose title and heading name them together,
  /// then the others (`Naming`); each ordered by `namingRank`, then by the length of their
  /// text (a definition says more than a pointer to it), then by bm25. Only the `limit` best
  /// by bm25 are ordered.
  func namingRows(
    _ connection: SQLiteConnection, match: String, tokens: [String], prefix: Bool, limit: Int
  ) throws(LoadError) -> [(row: Int, score: Double, naming: Naming)] {
    let statement = try connection.prepare(
      "SELECT rowid, heading, title, length(body), rank FROM sections WHERE sections MATCH ?1 ORDER BY rank LIMIT ?2")
    try statement.bind(match, at: 1)
    try statement.bind(limit, at: 2)
    var rows: [(row: Int, rank: Double, length: Int, score: Double, naming: Naming)] = []
    func holdsAll(_ words: [String]) -> Bool {
      tokens.allSatisfy { token in words.contains { prefix ? $0.hasPrefix(token) : $0 == token } }
    }
    func holdsAll(_ text: String) -> Bool { holdsAll(SpellingCorrector.tokens(of: text)) }
    while try statement.step() {
      let heading = statement.text(at: 1) ?? ""
      let title = statement.text(at: 2) ?? ""
      let rank = Self.namingRank(heading: heading, title: title, tokens: tokens, prefix: prefix)
      let naming: Naming =
        holdsAll(heading) || holdsAll(title)
        ? .alone
        : holdsAll(
          SpellingCorrector.tokens(of: title)
            + SpellingCorrector.tokens(of: Self.name(of: heading)).filter { !Self.declarationWords.contains($0) })
          ? .together : .none
      rows.append((statement.integer(at: 0), rank, statement.integer(at: 3), statement.double(at: 4), naming))
    }
    // Stable: equals keep bm25's order.
    let ordered = rows.enumerated().sorted { a, b in
      if a.element.naming != b.element.naming { return a.element.naming < b.element.naming }
      if a.element.rank != b.element.rank { return a.element.rank > b.element.rank }
      if a.element.length != b.element.length { return a.element.length > b.element.length }
      return a.offset < b.offset
    }
    return ordered.map { ($0.element.row, $0.element.score, $0.element.naming) }
  }

  /// What a heading names: the text before its first parenthesis (a signature's parameters
  /// name nothing), or all of it when that is empty.
  ///
  /// ```swift
  /// SearchIndex.name(of: "cgitb.enable(display=1, context=5)")   // "cgitb.enable"
  /// ```
  static func name(of heading: String) -> String {
    let name = heading.split(separator: "(", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    return name.isEmpty ? heading : String(name)
  }

  /// Words API references put before a name (`class subprocess.Popen`, `Static method:
  /// Buffer.alloc`): they name nothing.
  static let declarationWords: Set<String> = [
    "class", "exception", "method", "static", "function", "property", "attribute", "event", "coroutine",
    "classmethod", "staticmethod", "abstractmethod", "async", "await", "awaitable", "data", "module", "interface",
  ]

  /// How well a section's heading names the query's `tokens`: the share of the heading's words
  /// that are query words (of the title's, for the text before a page's first heading), plus a
  /// quarter of the share of query words in the page's title. Words match whole, or as
  /// prefixes when `prefix`. A heading's name is the text before its first parenthesis (a
  /// signature's parameters name nothing: `collections.namedtuple(typename, …)` names
  /// "namedtuple" as well as `class typing.NamedTuple`), stop words left out.
  ///
  /// ```swift
  /// SearchIndex.namingRank(heading: "Class: EventEmitter", title: "Events", tokens: ["eventemitter"], prefix: false)
  /// // 0.5, above "DEP0033: EventEmitter.listenerCount()"'s 0.33
  /// ```
  static func namingRank(heading: String, title: String, tokens: [String], prefix: Bool) -> Double {
    guard !tokens.isEmpty else { return 0 }
    func matches(_ word: String) -> Bool { tokens.contains { prefix ? word.hasPrefix($0) : word == $0 } }
    let named = SpellingCorrector.tokens(of: name(of: heading.isEmpty ? title : heading)).filter {
      !StopWords.words.contains($0) && !declarationWords.contains($0)
    }
    let coverage = named.isEmpty ? 0 : Double(named.filter(matches).count) / Double(named.count)
    let titleWords = Set(SpellingCorrector.tokens(of: title))
    let inTitle = tokens.filter { token in titleWords.contains { prefix ? $0.hasPrefix(token) : $0 == token } }
    return coverage + 0.25 * Double(inTitle.count) / Double(tokens.count)
  }
}
