import Foundation
import HelpViewerCore

/// How `SearchIndex` ranks: each page once, by its best section; tiers of sections first, then
/// groups of pages, then the pages holding the words only across their sections.
///
/// The tiers, over the query's words without stop words (`QueryWords`):
/// 1. sections whose title or heading holds every word, whole (`crypto.createHash(…)` for
///    "createHash");
/// 2. sections whose title or heading holds every word as a prefix (`fs.readFileSync` for
///    "readFileS", the page "Syncing notes" for "sync");
/// 3. sections holding every word, whole, anywhere, then those holding them as prefixes (one
///    bm25 ranking of the rows of pages not listed yet).
/// Tiers 1 and 2 are ordered by how much of the heading's name the query is (`namingRank`), not
/// by bm25: bm25 favours short sections, and a heading that is mostly the query ("Class:
/// EventEmitter") names it better than one that mentions it ("DEP0033:
/// EventEmitter.listenerCount()"). A row whose page's title names some words and heading's
/// name the others names them too ("copy a file": `shutil.copy(src, dst)` in "shutil —
/// High-level file operations"), after the rows whose heading or title names them alone; one
/// whose heading holds the others only in a signature's parameters counts as tier 3, unless a
/// later naming tier finds a heading of its page naming them all.
/// The pages found are then grouped (`order(_:words:)`): the page named for the words and pages
/// whose title names every word, then pages with a heading (or title and summary together)
/// naming them, then pages with a section holding them and pages whose title is mostly the
/// query's words; within a group, by how much of the query the title names. The other pages
/// holding the words across sections or some of them follow (`fallbackPages`). A title's words
/// are read as `NamingWords` reads them ("can't" names "cannot", "logout" names "log out").
/// A query of one character lists the sections whose heading starts with it, ranked, then the
/// others in book order (ranking most of a large book takes tens of milliseconds).
///
/// ```swift
/// let answer = try index.answer("createHash")
/// answer.results.first?.heading   // "crypto.createHash(algorithm[, options])"
/// ```
extension SearchIndex {
  /// The pages matching `text`, best first, at most `limit` (1–500), each once: by its best
  /// section, with its other matching sections (`SearchResult.otherSections`). Stop words count
  /// for nothing; a word the book does not hold is searched by its stem or, when `correcting`,
  /// corrected to the closest word of the book (`QueryWords`), and then the answer holds the
  /// corrected query (`correctedQuery`). Pages with a section holding every word come first
  /// (tiers, see the type's notes), then pages holding them across their sections, then pages
  /// holding some, by how rare the words they hold are (`fallbackPages`): a query finds nothing
  /// only when no word of it but stop words occurs in the book. An empty query, or one without
  /// a word, finds nothing; any text is a valid query.
  public func answer(_ text: String, limit: Int = 20, correcting: Bool = true) throws(LoadError) -> SearchAnswer {
    guard SearchQuery.match(for: text) != nil else { return SearchAnswer(query: text, results: []) }
    let limit = max(1, min(limit, 500))
    return try connection.withLock { connection throws(LoadError) in
      let words = QueryWords(text, corrector: corrector, correcting: correcting)
      let results = try ranked(connection, words: words, limit: limit)
      guard let corrected = words.corrected else { return SearchAnswer(query: text, results: results) }
      guard results.isEmpty else { return SearchAnswer(query: text, correctedQuery: corrected, results: results) }
      // The correction finds nothing: the words as typed.
      let typed = QueryWords(text, corrector: corrector, correcting: false)
      return SearchAnswer(query: text, results: try ranked(connection, words: typed, limit: limit))
    }
  }

  /// The pages for `words`, tier by tier, each page once.
  private func ranked(_ connection: SQLiteConnection, words: QueryWords, limit: Int) throws(LoadError)
    -> [SearchResult]
  {
    let text = words.requiredText
    guard let match = SearchQuery.match(for: text) else { return [] }
    enum Order {
      case bookOrder, bm25, body
      case naming(prefix: Bool)
    }
    var tiers: [(match: String, order: Order)] = []
    if let first = SearchQuery.headingStart(for: text) {
      tiers = [(first, .bm25), (match, .bookOrder)]
    } else {
      let queries: [(String?, Order)] = [
        (SearchQuery.namingMatch(for: text, prefix: false), .naming(prefix: false)),
        (SearchQuery.namingMatch(for: text, prefix: true), .naming(prefix: true)),
        (match, .body),
      ]
      for case (let query?, let order) in queries { tiers.append((query, order)) }
    }
    let tokens = words.required.flatMap(SpellingCorrector.tokens(of:))
    var hits = PageHits()
    // Every row holding the words (as prefixes), in book order: read once, unranked (quick).
    var matchingRows: [Int]?
    func matching() throws(LoadError) -> [Int] {
      if let matchingRows { return matchingRows }
      let rows = try rowIDs(connection, match: match, limit: Self.fallbackRowLimit)
      matchingRows = rows
      return rows
    }
    // A query of three words or more often has no section holding them all: each word's rows
    // first (the fallback's), and no tier when no row holds every word.
    var rowsOfWords: [[Int]]?
    if words.required.count >= 3 {
      let rows = try wordRows(connection, words: words.required)
      rowsOfWords = rows
      let sets = rows.enumerated().compactMap { index, rows in
        SearchQuery.match(for: words.required[index]) == nil ? nil : Set(rows)
      }
      if let first = sets.first, sets.dropFirst().reduce(first, { $0.intersection($1) }).isEmpty {
        matchingRows = []
      }
    }
    // Enough rows that the sections of pages listed already still leave `limit` pages.
    let fetch = limit * 10 + 50
    tiers: for (number, tier) in tiers.enumerated() where matchingRows?.isEmpty != true {
      let rows: [(row: Int, score: Double, names: Bool)]
      switch tier.order {
      case .bookOrder:
        rows = try unlisted(connection, match: tier.match, hits: hits).prefix(fetch).map { ($0, 0, true) }
      case .bm25:
        rows = try rankedRows(connection, match: tier.match, among: unlisted(connection, match: tier.match, hits: hits))
          .prefix(fetch).map { ($0.row, $0.score, true) }
      case .body:
        // Tiers 3 and 4 in one ranking: the sections holding every word whole, then those
        // holding them as prefixes, each by bm25.
        let candidates = try matching().filter { !hits.contains(page(of: duplicates.representative(of: $0))) }
        let ranked = try rankedRows(connection, match: match, among: candidates)
        var whole = Set<Int>()
        if let exact = SearchQuery.exactMatch(for: text), exact != match, !ranked.isEmpty {
          whole = Set(try rowIDs(connection, match: exact, limit: Self.fallbackRowLimit))
        } else {
          whole = Set(ranked.map(\.row))
        }
        let ordered = ranked.filter { whole.contains($0.row) } + ranked.filter { !whole.contains($0.row) }
        for (row, score) in ordered {
          let listed = duplicates.representative(of: row)
          hits.add(row: listed, found: row, page: page(of: listed), score: score, tier: whole.contains(row) ? 2 : 3)
          if hits.pages.count == limit { break tiers }
        }
        continue tiers
      case .naming(let prefix):
        rows = try namingRows(connection, match: tier.match, tokens: tokens, prefix: prefix, limit: max(fetch, 200))
          .map { ($0.row, $0.score, $0.naming != .none) }
      }
      for (row, score, names) in rows {
        let listed = duplicates.representative(of: row)
        // A row whose title holds some words and heading the others only in a signature's
        // parameters names none of them; a page listed by such a row and then found by a heading
        // naming them all ranks by that one ("process pool": `multiprocessing.pool.Pool` in
        // "Process-based parallelism", then `Pool(processes)` as prefixes).
        if names, hits.contains(page(of: listed)) {
          hits.upgrade(row: listed, found: row, page: page(of: listed), score: score, tier: number)
          continue
        }
        hits.add(row: listed, found: row, page: page(of: listed), score: score, tier: names ? number : 2)
        if hits.pages.count == limit { break tiers }
      }
    }
    var fallback: [Int32: [Int]] = [:]
    if words.required.count > 1, hits.pages.count < limit {
      let pages = try fallbackPages(
        connection, words: words.required, rows: rowsOfWords, excluding: hits, limit: limit - hits.pages.count)
      for page in pages {
        hits.add(row: page.best, found: page.best, page: page.page, score: 0, tier: 4)
        fallback[page.page] = page.rows
      }
    }
    guard !hits.pages.isEmpty else { return [] }
    if tiers.count == 3 {
      // How many sections of each page hold every word (read for the other sections anyway).
      var counts: [Int32: Int] = [:]
      for row in try matching() where duplicates.representative(of: row) == row {
        counts[page(of: row), default: 0] += 1
      }
      order(&hits, words: words.required, sections: counts)
    }
    // Every page's other matching sections, in page order: those holding every word, or, for a
    // page found by the fallback, any.
    // (None for one letter: nearly every section matches it.)
    var others: [Int32: [Int]] = fallback
    if tiers.count == 3 {
      let listed = Set(hits.pages.map(\.page)).subtracting(fallback.keys)
      for row in try matching() {
        let page = page(of: row)
        guard listed.contains(page), duplicates.representative(of: row) == row,
          others[page, default: []].count <= Self.maximumOtherSections
        else { continue }
        others[page, default: []].append(row)
      }
    }
    let found = try results(
      connection, words: words.required, rows: Set(hits.pages.flatMap { [$0.row, $0.found] }), scores: hits.scores)
    var otherRows = Set<Int>()
    for hit in hits.pages { otherRows.formUnion((others[hit.page] ?? []).prefix(Self.maximumOtherSections + 1)) }
    let headings = sections(rows: otherRows)
    return hits.pages.compactMap { hit in
      // The copy listed holds the same heading and text, so it matches too, unless the match was
      // in the other page's title: then the row found is listed.
      guard var result = found[hit.row] ?? found[hit.found] else { return nil }
      let best = found[hit.row] == nil ? hit.found : hit.row
      let rows = (others[hit.page] ?? []).filter { $0 != best }.prefix(Self.maximumOtherSections)
      result.otherSections = rows.compactMap { headings[$0] }
      return result
    }
  }

  /// Orders the pages found by the section tiers as a person looking for a page would: pages
  /// whose title names every word first, then pages with a heading naming them (tiers 1 and
  /// 2), then pages with a section holding them (tiers 3 and 4) and pages found across their
  /// sections whose title is mostly the query's words (`mostlyQueryShare`; `sectionBonus`
  /// below those with a section); within each, pages whose title names more of the words
  /// (weighted by how rare each is) first, the tiers' order among equals; among the equals of
  /// the third group, the page with more sections holding every word (`sections`, by page)
  /// first: the module about a task explains it in many places ("sleep for seconds": `time`,
  /// five sections, above asyncio's tasks, three, whose `asyncio.sleep` bm25 prefers). The
  /// fallback's other pages stay last, in their order.
  func order(_ hits: inout PageHits, words: [String], sections: [Int32: Int] = [:]) {
    let tokens = words.map(NamingWords.queryTokens(of:))
    let weights = tokens.map { $0.reduce(0) { $0 + rarity(of: $1) } }
    let total = weights.reduce(0, +)
    var keys: [Int32: (group: Int, named: Double)] = [:]
    let queryTokens = tokens.joined()
    let query = NamingQuery(tokens)
    let stemmedQuery = queryTokens.map(StemmedWords.Token.init)
    for hit in hits.pages {
      let title = titleWords[Int(hit.page)]
      let named = namedWeights(query, weights: weights, page: hit.page)
      let share = total > 0 ? named.title / total : 0
      let withSummary = total > 0 ? (named.title + named.summary) / total : 0
      let id = SpellingCorrector.tokens(of: pageIDs[Int(hit.page)])
      if id.count == queryTokens.count, zip(id, queryTokens).allSatisfy({ WordStem.of($0) == WordStem.of($1) }) {
        keys[hit.page] = (0, 2)  // The page named for the words: "subprocess".
      } else if share >= 0.999 {
        // How much of the title the words are: "What are MIME types?" before "Add a custom
        // MIME type for all users".
        let focus = Double(title.countNamed(by: stemmedQuery))
        keys[hit.page] = (0, focus / Double(max(title.count, 1)))
      } else {
        // A page whose title and summary name every word ranks with headings naming them; a
        // page holding the words only across its sections, with the sections holding them all
        // when its title is mostly the query's words ("Open a document" for "open a recent
        // document"), those with such a section counting `sectionBonus` more.
        let focus = Double(title.countNamed(by: stemmedQuery))
        let mostlyQuery = share > 0 && focus / Double(max(title.count, 1)) > Self.mostlyQueryShare
        let group = hit.tier <= 1 || withSummary >= 0.999 ? 1 : hit.tier <= 3 || mostlyQuery ? 2 : 3
        let bonus = group == 2 && hit.tier <= 3 ? Self.sectionBonus : 0
        keys[hit.page] = (group, share + Self.summaryWeight * (withSummary - share) + bonus)
      }
    }
    hits.reorder { a, b in
      let (keyA, keyB) = (keys[a.page] ?? (3, 0), keys[b.page] ?? (3, 0))
      if keyA.group != keyB.group { return keyA.group < keyB.group }
      if keyA.group == 2, abs(keyA.named - keyB.named) < 1e-9 {
        return sections[a.page, default: 0] > sections[b.page, default: 0]
      }
      return keyA.group < 3 && keyA.named > keyB.named + 1e-9
    }
  }

  /// How much a word the page's summary names counts, beside one its title names.
  static let summaryWeight = 0.5

  /// How much more than its title's share a page with a section holding every word counts,
  /// beside a page holding them across its sections whose title is mostly the query's words.
  static let sectionBonus = 0.15

  /// The share of a title's words that are the query's above which a page found across its
  /// sections ranks with the pages found by a section.
  static let mostlyQueryShare = 0.6

  /// How rare the words starting with `token` are in the book: bm25's inverse document
  /// frequency of the sections holding one, at most (from the vocabulary's counts).
  func rarity(of token: String) -> Double {
    let count = Double(corrector.sectionCount(startingWith: token))
    let total = Double(max(sectionCount, 1))
    return log(1 + (total - min(count, total) + 0.5) / (count + 0.5))
  }

  /// The rows matching `match` whose page is not listed yet, in book order (unranked: quick).
  private func unlisted(_ connection: SQLiteConnection, match: String, hits: PageHits) throws(LoadError) -> [Int] {
    try rowIDs(connection, match: match, limit: Self.fallbackRowLimit).compactMap { row in
      hits.contains(page(of: duplicates.representative(of: row))) ? nil : row
    }
  }

  /// `rows`, those matching `match`, best first by bm25 (equals in the order of `rows`). bm25 is
  /// computed for these rows only: FTS5's own `ORDER BY rank` ranks every match of the book,
  /// though the pages listed already need none.
  private func rankedRows(_ connection: SQLiteConnection, match: String, among rows: [Int]) throws(LoadError)
    -> [(row: Int, score: Double)]
  {
    guard !rows.isEmpty else { return [] }
    var scores: [Int: Double] = [:]
    let statement = try connection.prepare(
      "SELECT rowid, rank FROM sections WHERE sections MATCH ?1 AND \(Self.rowFilter(rows))")
    try statement.bind(match, at: 1)
    while try statement.step() { scores[statement.integer(at: 0)] = statement.double(at: 1) }
    let ranked = rows.compactMap { row in scores[row].map { (row: row, score: $0) } }
    return ranked.enumerated().sorted { a, b in
      a.element.score != b.element.score ? a.element.score < b.element.score : a.offset < b.offset
    }.map(\.element)
  }

  /// The SQL condition keeping a statement with a `MATCH` to `rows`: `+rowid IN (…)`. The `+`
  /// keeps FTS5 from taking each listed row as a lookup of its own, which runs the whole match
  /// again per row (for a prefix, merging every word it starts, each time: for 40 of Node.js's
  /// "buffer" rows, 11 ms instead of 0.7). The row ids are integers of ours, never input.
  static func rowFilter<Rows: Sequence<Int>>(_ rows: Rows) -> String {
    "+" + rowLookup(rows)
  }

  /// The SQL condition reading `rows` by id, in a statement without a `MATCH`: `rowid IN (…)`,
  /// one lookup each (not `rowFilter`, whose `+` would read the whole table).
  static func rowLookup<Rows: Sequence<Int>>(_ rows: Rows) -> String {
    "rowid IN (" + rows.map(String.init).joined(separator: ",") + ")"
  }

  /// The most other sections a result lists.
  static let maximumOtherSections = 30

  /// The index in `pageIDs` of the page of row `row`.
  func page(of row: Int) -> Int32 { row >= 1 && row <= rowPages.count ? rowPages[row - 1] : -1 }

  /// The row ids of the sections matching the FTS5 query `match`, in book order, at most
  /// `limit`. No bm25 (`rank`): scoring every match costs ten times the read (for Node.js's "s",
  /// 11 ms instead of 1).
  func rowIDs(_ connection: SQLiteConnection, match: String, limit: Int) throws(LoadError) -> [Int] {
    let statement = try connection.prepare("SELECT rowid FROM sections WHERE sections MATCH ?1 LIMIT ?2")
    try statement.bind(match, at: 1)
    try statement.bind(limit, at: 2)
    var rows: [Int] = []
    while try statement.step() { rows.append(statement.integer(at: 0)) }
    return rows
  }

  /// The sections `rows`, without snippets or scores (the other sections of a result), from
  /// what the index keeps in memory (`rowSections`).
  private func sections(rows: Set<Int>) -> [Int: SearchResult] {
    var sections: [Int: SearchResult] = [:]
    for row in rows {
      let index = Int(page(of: row))
      guard index >= 0, let page = pages[pageIDs[index]] else { continue }
      let section = rowSections[row - 1]
      sections[row] = SearchResult(
        title: pageTitles[index], pageID: page.id, sectionID: section, heading: rowHeadings[row - 1],
        language: page.language, url: rowURLs[row - 1], snippet: [], score: 0)
    }
    return sections
  }

  /// The results for those of `rows` that hold one of `words` (in their title, heading or
  /// text, as FTS5 matches the words' `OR`), their snippets marking the words (`Snippet`, as
  /// FTS5's `snippet()` would), with the scores of `scores`. No `MATCH` and no `rank` here: a
  /// row is read by its id, where a match merged every word's rows in the book again (for a
  /// query of 16 words, a third of its time).
  private func results(
    _ connection: SQLiteConnection, words: [String], rows: Set<Int>, scores: [Int: Double]
  ) throws(LoadError) -> [Int: SearchResult] {
    guard !rows.isEmpty else { return [:] }
    let statement = try connection.prepare(
      """
      SELECT title, page, section, heading, language, body, rowid
      FROM sections WHERE \(Self.rowLookup(rows.sorted()))
      """)
    let wordTokens = words.map(SpellingCorrector.tokens(of:))
    var results: [Int: SearchResult] = [:]
    while try statement.step() {
      guard let pageID = statement.text(at: 1), let page = pages[pageID] else { continue }
      let section = statement.text(at: 2)
      let row = statement.integer(at: 6)
      let body = statement.text(at: 5) ?? ""
      let title = statement.text(at: 0) ?? pageID
      let heading = statement.text(at: 3) ?? ""
      let (snippet, bodyHoldsWords) = Snippet.made(body, words: wordTokens, open: Self.open, close: Self.close)
      guard bodyHoldsWords || Snippet.holds(wordTokens, in: title) || Snippet.holds(wordTokens, in: heading) else {
        continue
      }
      results[row] = SearchResult(
        title: title, pageID: pageID, sectionID: section,
        heading: heading, language: statement.text(at: 4) ?? page.language,
        url: page.url(section: section),
        snippet: SearchResult.segments(snippet, open: Self.open, close: Self.close),
        score: scores[row] ?? 0)
    }
    return results
  }

}
