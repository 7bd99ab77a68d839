import HelpViewerCore

/// How `SearchIndex` ranks: tiers first, bm25 within a tier, each section listed once.
///
/// The tiers, each ranked by bm25 (title and heading weighted above the body):
/// 1. sections whose title or heading holds every word, whole (`crypto.createHash(…)` for
///    "createHash");
/// 2. sections holding every word, whole, anywhere;
/// 3. sections whose title or heading holds every word as a prefix (`fs.readFileSync` for
///    "readFileS");
/// 4. sections holding every word as a prefix, anywhere.
/// Tiers 1 and 3 are ordered by how much of the heading the query is (`namingRank`), not by
/// bm25: bm25 favours short sections, and a heading that is mostly the query ("Class:
/// EventEmitter") names it better than one that mentions it ("DEP0033:
/// EventEmitter.listenerCount()").
/// A query of one character lists the sections whose heading starts with it, ranked, then the
/// others in book order (ranking most of a large book takes tens of milliseconds).
///
/// ```swift
/// let answer = try index.answer("createHash")
/// answer.results.first?.heading   // "crypto.createHash(algorithm[, options])"
/// ```
extension SearchIndex {
  /// The sections holding every word of `text`, best first, at most `limit` (1–500). When
  /// nothing is found and `correcting`, each word that matches nothing in the book is replaced
  /// by the closest word of the book, and the answer holds the results for the corrected query
  /// (`correctedQuery`) — if it finds anything. An empty query, or one without a word, finds
  /// nothing; any text is a valid query.
  public func answer(_ text: String, limit: Int = 20, correcting: Bool = true) throws(LoadError) -> SearchAnswer {
    guard SearchQuery.match(for: text) != nil else { return SearchAnswer(query: text, results: []) }
    let limit = max(1, min(limit, 500))
    return try connection.withLock { connection throws(LoadError) in
      let results = try ranked(connection, text: text, limit: limit)
      guard results.isEmpty, correcting, let corrected = correction(of: text) else {
        return SearchAnswer(query: text, results: results)
      }
      let correctedResults = try ranked(connection, text: corrected, limit: limit)
      guard !correctedResults.isEmpty else { return SearchAnswer(query: text, results: []) }
      return SearchAnswer(query: text, correctedQuery: corrected, results: correctedResults)
    }
  }

  /// `text` with each word that matches nothing in the book replaced by its correction; `nil`
  /// when no word needs one, or one has none.
  func correction(of text: String) -> String? {
    var words: [String] = []
    var changed = false
    for word in SearchQuery.words(of: text) {
      guard corrector.needsCorrection(word) else {
        words.append(word)
        continue
      }
      guard let corrected = corrector.correction(of: word) else { return nil }
      words.append(corrected)
      changed = true
    }
    return changed ? words.joined(separator: " ") : nil
  }

  /// The results for `text`, tier by tier, each section once.
  private func ranked(_ connection: SQLiteConnection, text: String, limit: Int) throws(LoadError) -> [SearchResult] {
    guard let match = SearchQuery.match(for: text) else { return [] }
    enum Order {
      case bookOrder, bm25
      case naming(prefix: Bool)
    }
    var tiers: [(match: String, order: Order)] = []
    if let first = SearchQuery.headingStart(for: text) {
      tiers = [(first, .bm25), (match, .bookOrder)]
    } else {
      let queries: [(String?, Order)] = [
        (SearchQuery.namingMatch(for: text, prefix: false), .naming(prefix: false)),
        (SearchQuery.exactMatch(for: text), .bm25),
        (SearchQuery.namingMatch(for: text, prefix: true), .naming(prefix: true)), (match, .bm25),
      ]
      for case (let query?, let order) in queries { tiers.append((query, order)) }
    }
    let tokens = SearchQuery.words(of: text).flatMap(SpellingCorrector.tokens(of:))
    var chosen: [(row: Int, listed: Int)] = []
    var seen = Set<Int>()
    // Enough rows that the duplicates dropped still leave `limit` sections.
    let fetch = limit * 3 + 10
    tiers: for tier in tiers {
      let rows: [Int]
      switch tier.order {
      case .bookOrder: rows = try rowIDs(connection, match: tier.match, ranked: false, limit: fetch)
      case .bm25: rows = try rowIDs(connection, match: tier.match, ranked: true, limit: fetch)
      case .naming(let prefix):
        rows = try namingRows(connection, match: tier.match, tokens: tokens, prefix: prefix, limit: max(fetch, 200))
      }
      for row in rows {
        let listed = duplicates.representative(of: row)
        guard seen.insert(listed).inserted else { continue }
        chosen.append((row, listed))
        if chosen.count == limit { break tiers }
      }
    }
    let details = try connection.prepare(
      """
      SELECT title, page, section, heading, language,
        snippet(sections, 2, char(57344), char(57345), '…', 16), rank
      FROM sections WHERE sections MATCH ?1 AND rowid = ?2
      """)
    var results: [SearchResult] = []
    for place in chosen {
      // The copy listed holds the same heading and text, so it matches too, unless the
      // match was in the other page's title: then the row found is listed.
      if let result = try result(details, match: match, row: place.listed) {
        results.append(result)
      } else if place.row != place.listed, let result = try result(details, match: match, row: place.row) {
        results.append(result)
      }
    }
    return results
  }

  /// The row ids of the sections matching the FTS5 query `match`, best first when `ranked`,
  /// else in book order.
  private func rowIDs(_ connection: SQLiteConnection, match: String, ranked: Bool, limit: Int) throws(LoadError)
    -> [Int]
  {
    let statement = try connection.prepare(
      "SELECT rowid FROM sections WHERE sections MATCH ?1 \(ranked ? "ORDER BY rank" : "") LIMIT ?2")
    try statement.bind(match, at: 1)
    try statement.bind(limit, at: 2)
    var rows: [Int] = []
    while try statement.step() { rows.append(statement.integer(at: 0)) }
    return rows
  }

  /// The rows matching `match` (a naming tier's query), best named first: ordered by
  /// `namingRank`, then by the length of their text (a definition says more than a pointer to
  /// it), then by bm25. Only the `limit` best by bm25 are ordered.
  private func namingRows(
    _ connection: SQLiteConnection, match: String, tokens: [String], prefix: Bool, limit: Int
  ) throws(LoadError) -> [Int] {
    let statement = try connection.prepare(
      "SELECT rowid, heading, title, length(body) FROM sections WHERE sections MATCH ?1 ORDER BY rank LIMIT ?2")
    try statement.bind(match, at: 1)
    try statement.bind(limit, at: 2)
    var rows: [(row: Int, rank: Double, length: Int)] = []
    while try statement.step() {
      let heading = statement.text(at: 1) ?? ""
      let title = statement.text(at: 2) ?? ""
      let rank = Self.namingRank(heading: heading, title: title, tokens: tokens, prefix: prefix)
      rows.append((statement.integer(at: 0), rank, statement.integer(at: 3)))
    }
    // Stable: equals keep bm25's order.
    let ordered = rows.enumerated().sorted { a, b in
      if a.element.rank != b.element.rank { return a.element.rank > b.element.rank }
      if a.element.length != b.element.length { return a.element.length > b.element.length }
      return a.offset < b.offset
    }
    return ordered.map(\.element.row)
  }

  /// How well a section's heading names the query's `tokens`: the share of the heading's words
  /// that are query words (of the title's, for the text before a page's first heading), plus a
  /// quarter of the share of query words in the page's title. Words match whole, or as
  /// prefixes when `prefix`.
  ///
  /// ```swift
  /// SearchIndex.namingRank(heading: "Class: EventEmitter", title: "Events", tokens: ["eventemitter"], prefix: false)
  /// // 0.5, above "DEP0033: EventEmitter.listenerCount()"'s 0.33
  /// ```
  static func namingRank(heading: String, title: String, tokens: [String], prefix: Bool) -> Double {
    guard !tokens.isEmpty else { return 0 }
    func matches(_ word: String) -> Bool { tokens.contains { prefix ? word.hasPrefix($0) : word == $0 } }
    let named = SpellingCorrector.tokens(of: heading.isEmpty ? title : heading)
    let coverage = named.isEmpty ? 0 : Double(named.filter(matches).count) / Double(named.count)
    let titleWords = Set(SpellingCorrector.tokens(of: title))
    let inTitle = tokens.filter { token in titleWords.contains { prefix ? $0.hasPrefix(token) : $0 == token } }
    return coverage + 0.25 * Double(inTitle.count) / Double(tokens.count)
  }

  /// The result for row `row` if it matches `match`, its snippet marking the matches.
  private func result(_ statement: SQLiteStatement, match: String, row: Int) throws(LoadError) -> SearchResult? {
    statement.reset()
    try statement.bind(match, at: 1)
    try statement.bind(row, at: 2)
    guard try statement.step(), let pageID = statement.text(at: 1), let page = pages[pageID] else { return nil }
    let section = statement.text(at: 2)
    return SearchResult(
      title: statement.text(at: 0) ?? pageID, pageID: pageID, sectionID: section,
      heading: statement.text(at: 3) ?? "", language: statement.text(at: 4) ?? page.language,
      url: page.url(section: section),
      snippet: SearchResult.segments(statement.text(at: 5) ?? "", open: Self.open, close: Self.close),
      score: statement.double(at: 6))
  }
}
