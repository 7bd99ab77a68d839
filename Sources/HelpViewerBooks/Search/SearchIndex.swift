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

  /// Builds the index of `book` on a background thread. Throws a `LoadError` when the
  /// database cannot be made, and when the calling task is cancelled (which stops the work).
  public static func build(book: HelpBook, priority: TaskPriority = .userInitiated) async throws(LoadError)
    -> SearchIndex
  {
    if Task.isCancelled { throw cancelled }
    let stop = StopFlag()
    let task = Task.detached(priority: priority) { () -> Result<SearchIndex, LoadError> in
      Result { () throws(LoadError) in try SearchIndex(book: book, stop: stop) }
    }
    let result = await withTaskCancellationHandler {
      await task.value
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
    try self.init(book: book, stop: StopFlag())
  }

  init(book: HelpBook, stop: StopFlag) throws(LoadError) {
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
    for (page, read) in zip(bookPages, try Self.texts(of: bookPages, stop: stop)) {
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

  /// The text of each of `pages`, read and parsed on up to `workers` threads at once (the
  /// parsing takes most of the time). Throws when the task is cancelled.
  static func texts(
    of pages: [HelpBookPage], stop: StopFlag, workers: Int = min(4, ProcessInfo.processInfo.activeProcessorCount)
  ) throws(LoadError) -> [Result<PageText, LoadError>] {
    if Task.isCancelled { stop.set() }
    let next = Atomic(0)
    let results = Mutex([Result<PageText, LoadError>?](repeating: nil, count: pages.count))
    DispatchQueue.concurrentPerform(iterations: max(1, min(workers, pages.count))) { _ in
      while true {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < pages.count, !stop.isSet else { return }
        let text = Result { () throws(LoadError) in try pages[index].text() }
        results.withLock { $0[index] = text }
      }
    }
    if stop.isSet || Task.isCancelled {
      throw cancelled
    }
    return results.withLock { $0.map { $0 ?? .failure(LoadError(.other, details: "Not read.")) } }
  }

  /// The sections that hold every word of `text` (each as a prefix, case and accents ignored),
  /// best first, at most `limit`. An empty or blank query, or one without a word, finds nothing.
  public func search(_ text: String, limit: Int = 20) throws(LoadError) -> [SearchResult] {
    guard let match = SearchQuery.match(for: text) else { return [] }
    // ORDER BY rank (bm25 with the weights, set when built) lets FTS5 sort by itself and stop at
    // the limit, so snippets are made only for the rows returned.
    let sql = """
      SELECT title, page, section, heading, language,
        snippet(sections, 2, char(57344), char(57345), '…', 16), rank
      FROM sections WHERE sections MATCH ?1 ORDER BY rank LIMIT ?2
      """
    return try connection.withLock { connection throws(LoadError) in
      let statement = try connection.prepare(sql)
      try statement.bind(match, at: 1)
      try statement.bind(max(1, min(limit, 500)), at: 2)
      var results: [SearchResult] = []
      while try statement.step() {
        guard let pageID = statement.text(at: 1), let page = pages[pageID] else { continue }
        let section = statement.text(at: 2)
        results.append(
          SearchResult(
            title: statement.text(at: 0) ?? pageID, pageID: pageID, sectionID: section,
            heading: statement.text(at: 3) ?? "", language: statement.text(at: 4) ?? page.language,
            url: page.url(section: section),
            snippet: SearchResult.segments(statement.text(at: 5) ?? "", open: Self.open, close: Self.close),
            score: statement.double(at: 6)))
      }
      return results
    }
  }
}

/// Set once to stop a build, from any thread.
final class StopFlag: Sendable {
  private let flag = Atomic(false)
  var isSet: Bool { flag.load(ordering: .relaxed) }
  func set() { flag.store(true, ordering: .relaxed) }
}
