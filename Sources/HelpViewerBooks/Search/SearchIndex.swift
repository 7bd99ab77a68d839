import Foundation
import HelpViewerCore
import Synchronization

/// Full-text search over one help book in one language: SQLite FTS5 in a private in-memory
/// database, one row per section (page id, section id, language, title, heading, body), the
/// `unicode61 remove_diacritics 2` tokenizer (case and accents ignored), ranked by bm25 with the
/// title and the heading weighted well above the body.
///
/// Search lists sections whose title or heading names every word first, and whole words above
/// prefixes (`answer(_:limit:correcting:)`); a section repeated on several pages (a manual's
/// all-in-one page) is listed once, from the most specific page (`SectionDuplicates`); a word
/// that matches nothing is corrected against the book's own words (`SpellingCorrector`).
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

  let pages: [String: HelpBookPage]
  /// The pages indexed, in book order, and for each row (row id − 1) the index of its page
  /// there: search groups sections into pages without asking SQLite.
  let pageIDs: [String]
  let rowPages: [Int32]
  /// Each row's section id and heading, and each page's title: a result's other sections and
  /// the naming tiers read these (reading them from SQLite reads each row's whole text).
  let rowSections: [String?]
  let rowHeadings: [String]
  /// Each row's address (`HelpBookPage.url(section:)`).
  let rowURLs: [URL]
  /// Each row's text length in characters (SQLite's `length(body)`).
  let rowLengths: [Int32]
  let pageTitles: [String]
  /// The tokens of each page's title and summary (`PageText.summary`), in `pageIDs`' order, as
  /// ranking compares them (`NamingWords`), with their stems (`namedWeights`).
  let titleWords: [StemmedWords]
  let summaryWords: [StemmedWords]
  let connection: Locked<SQLiteConnection>
  /// Identical sections on several pages, and the one listed for each.
  let duplicates: SectionDuplicates
  /// The book's own words, to correct misspelt query words with.
  let corrector: SpellingCorrector

  /// What a cancelled build throws.
  static let cancelled = LoadError(.other, details: "Indexing was cancelled.")

  static let open: Character = "\u{E000}"
  static let close: Character = "\u{E001}"

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
      "INSERT INTO sections(rowid, title, heading, body, page, section, language) VALUES (?7, ?1, ?2, ?3, ?4, ?5, ?6)")
    var digests: [(row: Int, page: String, digest: UInt64)] = []
    var pages: [String: HelpBookPage] = [:]
    var skipped: [String: LoadError] = [:]
    var sectionCount = 0
    var pageIDs: [String] = []
    var rowPages: [Int32] = []
    var rowSections: [String?] = []
    var rowHeadings: [String] = []
    var rowLengths: [Int32] = []
    var rowURLs: [URL] = []
    var pageTitles: [String] = []
    var titleTokens: [Set<String>] = []
    var summaryTokens: [Set<String>] = []
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
      let pageIndex = Int32(pageIDs.count)
      pageIDs.append(page.id)
      pageTitles.append(title)
      titleTokens.append(Set(NamingWords.tokens(of: title)))
      summaryTokens.append(Set(NamingWords.tokens(of: text.summary)))
      for section in text.sections {
        try insert.bind(title, at: 1)
        try insert.bind(section.heading, at: 2)
        try insert.bind(section.body, at: 3)
        try insert.bind(page.id, at: 4)
        try insert.bind(section.id, at: 5)
        try insert.bind(page.language, at: 6)
        try insert.bind(sectionCount + 1, at: 7)
        _ = try insert.step()
        insert.reset()
        sectionCount += 1
        rowPages.append(pageIndex)
        rowSections.append(section.id)
        rowHeadings.append(section.heading)
        rowURLs.append(page.url(section: section.id))
        rowLengths.append(Int32(clamping: section.body.unicodeScalars.count))
        digests.append(
          (sectionCount, page.id, SectionDuplicates.digest(heading: section.heading, body: section.body)))
      }
    }
    try connection.execute("COMMIT")
    try connection.execute("INSERT INTO sections(sections) VALUES ('optimize')")
    let weights = Self.weights
    try connection.execute(
      "INSERT INTO sections(sections, rank) VALUES ('rank', 'bm25(\(weights.title), \(weights.heading), \(weights.body))')"
    )
    self.duplicates = SectionDuplicates(rows: digests)
    self.corrector = try Self.vocabulary(connection)
    self.book = book
    self.language = book.language
    self.pages = pages
    self.pageIDs = pageIDs
    self.rowPages = rowPages
    self.rowSections = rowSections
    self.rowHeadings = rowHeadings
    self.rowLengths = rowLengths
    self.rowURLs = rowURLs
    self.pageTitles = pageTitles
    self.titleWords = titleTokens.map(StemmedWords.init)
    self.summaryWords = summaryTokens.map(StemmedWords.init)
    self.pageCount = pages.count
    self.sectionCount = sectionCount
    self.skippedPages = skipped
    self.connection = Locked(connection)
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
  /// best first, at most `limit`; a misspelt word corrected (see `answer(_:limit:correcting:)`,
  /// which also says whether it was). An empty or blank query, or one without a word, finds
  /// nothing.
  public func search(_ text: String, limit: Int = 20) throws(LoadError) -> [SearchResult] {
    try answer(text, limit: limit).results
  }

  /// The book's words and how many sections hold each, from FTS5's `fts5vocab`.
  private static func vocabulary(_ connection: SQLiteConnection) throws(LoadError) -> SpellingCorrector {
    try connection.execute("CREATE VIRTUAL TABLE temp.vocabulary USING fts5vocab(main, sections, row)")
    let statement = try connection.prepare("SELECT term, doc FROM temp.vocabulary")
    var terms: [(term: String, count: Int)] = []
    while try statement.step() {
      guard let term = statement.text(at: 0) else { continue }
      terms.append((term, statement.integer(at: 1)))
    }
    return SpellingCorrector(terms: terms)
  }
}

/// The pages' texts as the parsing threads make them, and the next page to take.
final class ParseWork: Sendable {
  let next = Atomic(0)
  let results: Locked<[Result<PageText, LoadError>?]>

  init(count: Int) { results = Locked(Array(repeating: nil, count: count)) }
}

/// Set once to stop a build, from any thread.
final class StopFlag: Sendable {
  private let flag = Atomic(false)
  var isSet: Bool { flag.load(ordering: .relaxed) }
  func set() { flag.store(true, ordering: .relaxed) }
}
