import Foundation
import HelpViewerCore

/// How `SearchIndex` orders the sections whose title or heading names the query (tiers 1 and 2
/// of `answer(_:limit:correcting:)`): by how much of the heading's name the query is; and how
/// much of the query a page's title or summary names (`namedWeights`), for ordering pages.
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
    // bm25 of every match, best `limit` kept here: FTS5's `ORDER BY rank` costs twice as much.
    let statement = try connection.prepare("SELECT rowid, rank FROM sections WHERE sections MATCH ?1")
    try statement.bind(match, at: 1)
    var matches: [(row: Int, score: Double)] = []
    while try statement.step() { matches.append((statement.integer(at: 0), statement.double(at: 1))) }
    let best = matches.enumerated().sorted { a, b in
      a.element.score != b.element.score ? a.element.score < b.element.score : a.offset < b.offset
    }.prefix(limit).map(\.element)
    guard !best.isEmpty else { return [] }
    var rows: [(row: Int, rank: Double, length: Int, score: Double, naming: Naming)] = []
    func holdsAll(_ words: [String]) -> Bool {
      tokens.allSatisfy { token in words.contains { prefix ? $0.hasPrefix(token) : $0 == token } }
    }
    // Most rows of a large book's naming tier are on a few pages: each title is read once.
    var titles: [Int: (tokens: [String], name: [String])] = [:]
    for (row, score) in best {
      let page = Int(page(of: row))
      guard page >= 0 else { continue }
      let heading = rowHeadings[row - 1]
      let length = Int(rowLengths[row - 1])
      let title =
        titles[page]
        ?? (
          SpellingCorrector.tokens(of: pageTitles[page]), SpellingCorrector.tokens(of: Self.name(of: pageTitles[page]))
        )
      titles[page] = title
      let headingTokens = SpellingCorrector.tokens(of: heading)
      let name = heading.isEmpty ? title.name : SpellingCorrector.tokens(of: Self.name(of: heading))
      let rank = Self.namingRank(name: name, title: title.tokens, tokens: tokens, prefix: prefix)
      let naming: Naming =
        holdsAll(headingTokens) || holdsAll(title.tokens)
        ? .alone
        : holdsAll(title.tokens + (heading.isEmpty ? [] : name).filter { !Self.declarationWords.contains($0) })
          ? .together : .none
      rows.append((row, rank, length, score, naming))
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
    namingRank(
      name: SpellingCorrector.tokens(of: name(of: heading.isEmpty ? title : heading)),
      title: SpellingCorrector.tokens(of: title), tokens: tokens, prefix: prefix)
  }

  /// `namingRank(heading:title:tokens:prefix:)` of the tokens of a heading's name (`name`) and
  /// of a title.
  static func namingRank(name: [String], title: [String], tokens: [String], prefix: Bool) -> Double {
    guard !tokens.isEmpty else { return 0 }
    func matches(_ word: String) -> Bool { tokens.contains { prefix ? word.hasPrefix($0) : word == $0 } }
    let named = name.filter { !StopWords.words.contains($0) && !declarationWords.contains($0) }
    let coverage = named.isEmpty ? 0 : Double(named.filter(matches).count) / Double(named.count)
    let titleWords = Set(title)
    let inTitle = tokens.filter { token in titleWords.contains { prefix ? $0.hasPrefix(token) : $0 == token } }
    return coverage + 0.25 * Double(inTitle.count) / Double(tokens.count)
  }

  /// The weights of the query's words (`tokens`, one list a word, `NamingWords.queryTokens`)
  /// that the title of `page` names, and of those only its summary names. A word names a title
  /// word it starts or shares a stem with (`WordStem.matches`); two adjacent words of one token
  /// each also name the title word they make joined (`NamingWords.joined`).
  func namedWeights(_ tokens: [[String]], weights: [Double], page: Int32) -> (title: Double, summary: Double) {
    namedWeights(NamingQuery(tokens), weights: weights, page: page)
  }

  /// A query's words as `namedWeights` compares them: each token with its stem, and each two
  /// adjacent words of one token each written together ("log" and "out": "logout").
  struct NamingQuery {
    let tokens: [[StemmedWords.Token]]
    /// By the index of the first word of the two.
    let compounds: [Int: StemmedWords.Token]

    init(_ words: [[String]]) {
      tokens = words.map { $0.map(StemmedWords.Token.init) }
      var compounds: [Int: StemmedWords.Token] = [:]
      for first in words.indices.dropLast() where words[first].count == 1 && words[first + 1].count == 1 {
        guard !words[first][0].isEmpty, !words[first + 1][0].isEmpty else { continue }
        compounds[first] = StemmedWords.Token(words[first][0] + words[first + 1][0])
      }
      self.compounds = compounds
    }
  }

  /// `namedWeights(_:weights:page:)` for a query read once.
  func namedWeights(_ query: NamingQuery, weights: [Double], page: Int32) -> (title: Double, summary: Double) {
    let title = titleWords[Int(page)]
    let summary = summaryWords[Int(page)]
    // Words a title writes joined that the query writes apart ("logout" for "log out").
    func joined(_ index: Int, in words: StemmedWords) -> Bool {
      if let before = query.compounds[index - 1], words.contains(compound: before) { return true }
      if let after = query.compounds[index], words.contains(compound: after) { return true }
      return false
    }
    var named = (title: 0.0, summary: 0.0)
    for (index, word) in query.tokens.enumerated() where !word.isEmpty {
      if word.allSatisfy(title.isNamed(by:)) || joined(index, in: title) {
        named.title += weights[index]
      } else if word.allSatisfy(summary.isNamed(by:)) || joined(index, in: summary) {
        named.summary += weights[index]
      }
    }
    return named
  }
}
