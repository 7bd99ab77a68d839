import HelpViewerCSQLite
import HelpViewerCore

/// One SQLite connection to a private in-memory database, with prepared statements. Not
/// thread-safe by itself: `SearchIndex` keeps it behind a lock.
///
/// ```swift
/// let connection = try SQLiteConnection()
/// try connection.execute("CREATE TABLE t(x)")
/// let insert = try connection.prepare("INSERT INTO t VALUES (?1)")
/// ```
final class SQLiteConnection {
  private let handle: OpaquePointer

  init() throws(LoadError) {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY
    let status = sqlite3_open_v2(":memory:", &handle, flags, nil)
    guard status == SQLITE_OK, let handle else {
      if let handle { sqlite3_close_v2(handle) }
      throw LoadError(.other, details: "Cannot open the search database (SQLite error \(status)).")
    }
    self.handle = handle
  }

  deinit { sqlite3_close_v2(handle) }

  /// Runs `sql` (statements without parameters).
  func execute(_ sql: String) throws(LoadError) {
    let status = sqlite3_exec(handle, sql, nil, nil, nil)
    guard status == SQLITE_OK else { throw error(status) }
  }

  /// Compiles one statement.
  func prepare(_ sql: String) throws(LoadError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard status == SQLITE_OK, let statement else { throw error(status) }
    return SQLiteStatement(statement, connection: self)
  }

  /// The connection's last error as a `LoadError`.
  func error(_ status: Int32) -> LoadError {
    let message = sqlite3_errmsg(handle).map { String(cString: $0) } ?? "SQLite error \(status)"
    return LoadError(.other, details: "Search database: \(message).")
  }
}

/// A prepared statement of a `SQLiteConnection`: bind, step, read columns, reset.
final class SQLiteStatement {
  private let statement: OpaquePointer
  private let connection: SQLiteConnection
  /// SQLite copies the bound text (`SQLITE_TRANSIENT`).
  private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

  init(_ statement: OpaquePointer, connection: SQLiteConnection) {
    self.statement = statement
    self.connection = connection
  }

  deinit { sqlite3_finalize(statement) }

  func bind(_ text: String?, at index: Int32) throws(LoadError) {
    // The length is given, so a NUL inside the text cannot cut it short.
    let status =
      if let text { sqlite3_bind_text(statement, index, text, Int32(clamping: text.utf8.count), Self.transient) } else {
        sqlite3_bind_null(statement, index)
      }
    guard status == SQLITE_OK else { throw connection.error(status) }
  }

  func bind(_ value: Int, at index: Int32) throws(LoadError) {
    let status = sqlite3_bind_int64(statement, index, sqlite3_int64(value))
    guard status == SQLITE_OK else { throw connection.error(status) }
  }

  /// Steps once: true when a row is ready, false when done.
  func step() throws(LoadError) -> Bool {
    let status = sqlite3_step(statement)
    if status == SQLITE_ROW { return true }
    if status == SQLITE_DONE { return false }
    throw connection.error(status)
  }

  /// Resets for the next run and clears the bindings.
  func reset() {
    sqlite3_reset(statement)
    sqlite3_clear_bindings(statement)
  }

  func text(at column: Int32) -> String? {
    guard let text = sqlite3_column_text(statement, column) else { return nil }
    return String(cString: text)
  }

  func double(at column: Int32) -> Double { sqlite3_column_double(statement, column) }

  func integer(at column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
}
