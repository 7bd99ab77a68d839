import Foundation
import HelpViewerBooks
import HelpViewerCSQLite

/// The baseline search quality is compared with: plain page-level bm25, one FTS5 row per page
/// (title and all its text), the title weighted 10, every query word a prefix, all the words
/// (AND), then any of them (OR) when no page holds them all; no tiers, no duplicates removed,
/// no stop words, no corrections — what a first attempt at help search does.
///
/// ```swift
/// let baseline = try PageBaseline(book: book)
/// baseline.search("readFileSync")   // page ids, best first
/// ```
final class PageBaseline {
  private var database: OpaquePointer?

  /// Indexes every page of `book` (as shown) into a private in-memory database.
  init(book: HelpBook) throws {
    guard sqlite3_open(":memory:", &database) == SQLITE_OK else { throw BenchError("cannot open SQLite") }
    try execute(
      "CREATE VIRTUAL TABLE pages USING fts5(title, body, page UNINDEXED, tokenize = 'unicode61 remove_diacritics 2')")
    try execute("BEGIN")
    for page in book.pages() {
      guard let text = try? page.text() else { continue }
      let body = text.sections.map { $0.heading + "\n" + $0.body }.joined(separator: "\n")
      try insert(title: text.title, body: body, page: page.id)
    }
    try execute("COMMIT")
  }

  deinit { sqlite3_close_v2(database) }

  /// The page ids matching every word of `text` (each a prefix), by bm25 with the title
  /// weighted 10, at most `limit`; when none holds them all, those holding any.
  func search(_ text: String, limit: Int = 20) -> [String] {
    guard let match = SearchQuery.match(for: text) else { return [] }
    let all = search(match: match, limit: limit)
    guard all.isEmpty, SearchQuery.words(of: text).count > 1 else { return all }
    let any = SearchQuery.words(of: text).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
    return search(match: any.joined(separator: " OR "), limit: limit)
  }

  private func search(match: String, limit: Int) -> [String] {
    var statement: OpaquePointer?
    guard
      sqlite3_prepare_v2(
        database, "SELECT page FROM pages WHERE pages MATCH ?1 ORDER BY bm25(pages, 10.0, 1.0) LIMIT ?2", -1,
        &statement, nil)
        == SQLITE_OK
    else { return [] }
    defer { sqlite3_finalize(statement) }
    sqlite3_bind_text(statement, 1, match, -1, sqliteTransient)
    sqlite3_bind_int(statement, 2, Int32(limit))
    var pages: [String] = []
    while sqlite3_step(statement) == SQLITE_ROW {
      if let page = sqlite3_column_text(statement, 0) { pages.append(String(cString: page)) }
    }
    return pages
  }

  private func insert(title: String, body: String, page: String) throws {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(database, "INSERT INTO pages VALUES (?1, ?2, ?3)", -1, &statement, nil) == SQLITE_OK
    else { throw BenchError("cannot prepare the insert") }
    defer { sqlite3_finalize(statement) }
    sqlite3_bind_text(statement, 1, title, -1, sqliteTransient)
    sqlite3_bind_text(statement, 2, body, -1, sqliteTransient)
    sqlite3_bind_text(statement, 3, page, -1, sqliteTransient)
    guard sqlite3_step(statement) == SQLITE_DONE else { throw BenchError("cannot insert a page") }
  }

  private func execute(_ sql: String) throws {
    guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else {
      throw BenchError("SQLite: \(String(cString: sqlite3_errmsg(database)))")
    }
  }
}

/// SQLite's "copy the text now" destructor, which the C macro `SQLITE_TRANSIENT` is.
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
