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
    var tiers: [(match: String, ranked: Bool)] = []
    if let first = SearchQuery.headingStart(for: text) {
      tiers = [(first, true), (match, false)]
    } else {
      for query in [
        SearchQuery.namingMatch(for: text, prefix: false), SearchQuery.exactMatch(for: text),
        SearchQuery.namingMatch(for: text, prefix: true), match,
      ] {
        if let query { tiers.append((query, true)) }
      }
    }
    var chosen: [(row: Int, listed: Int)] = []
    var seen = Set<Int>()
    // Enough rows that the duplicates dropped still leave `limit` sections.
    let fetch = limit * 3 + 10
    tiers: for tier in tiers {
      for row in try rowIDs(connection, match: tier.match, ranked: tier.ranked, limit: fetch) {
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
