import Foundation
import HelpViewerCore
import Synchronization

/// Full-text search over one help book in one language: SQLite FTS5 in a private in-memory
/// database, one row per section (page id, section id, language, title, heading, body), the
/// `unicode61 remove_diacritics 2` tokenizer (case and accents ignored), ranked by bm25 with the
/// title and the heading weighted well above the body.
///
/// It indexes the pages as shown (`HelpBook.pages()`: each page in the best language that has
/// it). Build it off the main thread with `build(book:)`; searching is quick (a few ms) and safe
/// from any thread. A query is the person's words, never SQL or FTS5 syntax (`SearchQuery`).
///
/// ```swift
/// let index = try await SearchIndex.build(book: book)
/// let results = try index.search("readFileS")   // the section defining fs.readFileSync first
/// ```
public final class SearchIndex: Sendable {
  /// bm25 weights of the columns title, heading and body.
  public static let weights = (title: 10.0, heading: 5.0, body: 1.0)

  /// The book indexed.
  public let book: HelpBook
  /// The language shown (the book's `language`).
  public let language: String
  /// How many pages were indexed.
  public let pageCount: Int
  /// How many sections (rows) were indexed.
  public let sectionCount: Int
  /// Pages that could not be read (too large or unreadable), with why.
  public let skippedPages: [String: LoadError]

  private let pages: [String: HelpBookPage]
  private let connection: Mutex<SQLiteConnection>

  /// What a cancelled build throws.
  static let cancelled = LoadError(.other, details: "Indexing was cancelled.")

  private static let open: Character = "\u{E000}"
  private static let close: Character = "\u{E001}"

  /// How much lower than the caller's priority a build started with `build(book:)` runs
  /// (Linux nice values): the dialog's frames come first.
  public static let buildNiceness: Int32 = 10

  /// Builds the index of `book` on background threads of a lower priority
  /// (`buildNiceness`), so the main thread keeps drawing while it runs. Throws a `LoadError`
  /// when the database cannot be made, and when the calling task is cancelled (which stops
  /// the work). `priority` is the task priority of the wait; `.background` and `.low` lower
  /// the threads to the lowest priority.
  public static func build(book: HelpBook, priority: TaskPriority = .userInitiated) async throws(LoadError)
    -> SearchIndex
  {
    if Task.isCancelled { throw cancelled }
    let stop = StopFlag()
    let niceness = priority <= .low ? 19 : buildNiceness
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Result<SearchIndex, LoadError>, Never>) in
        BackgroundThreads.start(niceness: niceness) {
          continuation.resume(
            returning: Result { () throws(LoadError) in try SearchIndex(book: book, stop: stop, niceness: 0) })
        }
      }
    } onCancel: {
      stop.set()
    }
    // A build that finished as it was cancelled still counts as cancelled.
    if Task.isCancelled { throw cancelled }
    return try result.get()
  }

  /// Builds the index of `book` on the calling thread (it takes a while for a large book: call
  /// it off the main thread, or use `build(book:)`).
  public convenience init(book: HelpBook) throws(LoadError) {
    try self.init(book: book, stop: StopFlag(), niceness: 0)
  }

  /// Builds the index; the page parsers run `niceness` below the calling thread's priority.
  init(book: HelpBook, stop: StopFlag, niceness: Int32 = 0) throws(LoadError) {
    let connection = try SQLiteConnection()
    try connection.execute(
      """
      CREATE VIRTUAL TABLE sections USING fts5(
        title, heading, body, page UNINDEXED, section UNINDEXED, language UNINDEXED,
        tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2');
      """)
    let insert = try connection.prepare(
      "INSERT INTO sections(title, heading, body, page, section, language) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
    var pages: [String: HelpBookPage] = [:]
    var skipped: [String: LoadError] = [:]
    var sectionCount = 0
    try connection.execute("BEGIN")
    let bookPages = book.pages()
    for (page, read) in zip(bookPages, try Self.texts(of: bookPages, stop: stop, niceness: niceness)) {
      let text: PageText
      switch read {
      case .success(let read): text = read
      case .failure(let error):
        skipped[page.id] = error
        continue
      }
      pages[page.id] = page
      let title = text.title.isEmpty ? page.id : text.title
      for section in text.sections {
        try insert.bind(title, at: 1)
        try insert.bind(section.heading, at: 2)
        try insert.bind(section.body, at: 3)
        try insert.bind(page.id, at: 4)
        try insert.bind(section.id, at: 5)
        try insert.bind(page.language, at: 6)
        _ = try insert.step()
        insert.reset()
        sectionCount += 1
      }
    }
    try connection.execute("COMMIT")
    try connection.execute("INSERT INTO sections(sections) VALUES ('optimize')")
    let weights = Self.weights
    try connection.execute(
      "INSERT INTO sections(sections, rank) VALUES ('rank', 'bm25(\(weights.title), \(weights.heading), \(weights.body))')"
    )
    self.book = book
    self.language = book.language
    self.pages = pages
    self.pageCount = pages.count
    self.sectionCount = sectionCount
    self.skippedPages = skipped
    self.connection = Mutex(connection)
  }

  /// How many threads parse pages at once: one core fewer than the machine has (at least one,
  /// at most 4), so the main thread always has a core to draw on. On two cores under outside
  /// load, two parsers left frame gaps of 35–76 ms while indexing the Node.js documentation,
  /// one parser 18–41 ms (the idle window's: 20–50 ms), and the build was no slower.
  public static let parsingThreads = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount - 1))

  /// The text of each of `pages`, read and parsed on up to `workers` new threads at once, each
  /// `niceness` below the caller (the parsing takes most of the time). Throws when the task is
  /// cancelled.
  static func texts(
    of pages: [HelpBookPage], stop: StopFlag, niceness: Int32 = 0, workers: Int = parsingThreads
  ) throws(LoadError) -> [Result<PageText, LoadError>] {
    if Task.isCancelled { stop.set() }
    let shared = ParseWork(count: pages.count)
    BackgroundThreads.run(count: max(1, min(workers, pages.count)), niceness: niceness) { _ in
      while true {
        let index = shared.next.add(1, ordering: .relaxed).oldValue
        guard index < pages.count, !stop.isSet else { return }
        let text = Result { () throws(LoadError) in try pages[index].text() }
        shared.results.withLock { $0[index] = text }
      }
    }
    if stop.isSet || Task.isCancelled {
      throw cancelled
    }
    return shared.results.withLock { $0.map { $0 ?? .failure(LoadError(.other, details: "Not read.")) } }
  }

  /// The sections that hold every word of `text` (each as a prefix, case and accents ignored),
  /// best first, at most `limit`. An empty or blank query, or one without a word, finds nothing.
  ///
  /// A query of one character (the first key typed) would rank most of a large book, which takes
  /// tens of milliseconds: it lists the sections whose heading starts with it first, ranked,
  /// then the other sections holding a word that starts with it, in book order.
  public func search(_ text: String, limit: Int = 20) throws(LoadError) -> [SearchResult] {
    guard let match = SearchQuery.match(for: text) else { return [] }
    let limit = max(1, min(limit, 500))
    return try connection.withLock { connection throws(LoadError) in
      guard let first = SearchQuery.headingStart(for: text) else {
        // ORDER BY rank (bm25 with the weights, set when built) lets FTS5 sort by itself and
        // stop at the limit, so snippets are made only for the rows returned.
        return try rows(connection, match: match, ranked: true, limit: limit).map(\.result)
      }
      var results = try rows(connection, match: first, ranked: true, limit: limit)
      if results.count < limit {
        let seen = Set(results.map(\.row))
        let rest = try rows(connection, match: match, ranked: false, limit: limit + results.count)
        results += rest.filter { !seen.contains($0.row) }.prefix(limit - results.count)
      }
      return results.map(\.result)
    }
  }

  /// The sections matching the FTS5 query `match`, best first when `ranked`, else in book
  /// order, with their row ids.
  private func rows(_ connection: SQLiteConnection, match: String, ranked: Bool, limit: Int) throws(LoadError) -> [(
    row: Int, result: SearchResult
  )] {
    let sql = """
      SELECT title, page, section, heading, language,
        snippet(sections, 2, char(57344), char(57345), '…', 16), rank, rowid
      FROM sections WHERE sections MATCH ?1 \(ranked ? "ORDER BY rank" : "") LIMIT ?2
      """
    let statement = try connection.prepare(sql)
    try statement.bind(match, at: 1)
    try statement.bind(limit, at: 2)
    var results: [(row: Int, result: SearchResult)] = []
    while try statement.step() {
      guard let pageID = statement.text(at: 1), let page = pages[pageID] else { continue }
      let section = statement.text(at: 2)
      let result = SearchResult(
        title: statement.text(at: 0) ?? pageID, pageID: pageID, sectionID: section,
        heading: statement.text(at: 3) ?? "", language: statement.text(at: 4) ?? page.language,
        url: page.url(section: section),
        snippet: SearchResult.segments(statement.text(at: 5) ?? "", open: Self.open, close: Self.close),
        score: statement.double(at: 6))
      results.append((statement.integer(at: 7), result))
    }
    return results
  }
}

/// The pages' texts as the parsing threads make them, and the next page to take.
final class ParseWork: Sendable {
  let next = Atomic(0)
  let results: Mutex<[Result<PageText, LoadError>?]>

  init(count: Int) { results = Mutex(Array(repeating: nil, count: count)) }
}

/// Set once to stop a build, from any thread.
final class StopFlag: Sendable {
  private let flag = Atomic(false)
  var isSet: Bool { flag.load(ordering: .relaxed) }
  func set() { flag.store(true, ordering: .relaxed) }
}
