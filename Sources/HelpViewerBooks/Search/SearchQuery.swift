/// Turns what a person typed into an FTS5 query that only ever means "these words": each word
/// is quoted (an embedded `"` doubled) and made a prefix (`*`), and the words must all appear.
/// FTS5's own syntax — `"`, `*`, `NEAR`, `AND`, `OR`, `NOT`, parentheses, column filters — is
/// just text, and a query is never SQL (it is bound as a parameter).
///
/// Words are separated by whitespace and control characters (NUL included). Words without a
/// letter or digit (`*`, `');`) are dropped, as the tokenizer would drop them;
/// at most `maximumWords` words of the first `maximumLength` characters are used.
///
/// ```swift
/// SearchQuery.match(for: "readFileS NEAR")  // "\"readFileS\"* \"NEAR\"*"
/// SearchQuery.match(for: "  *  ")           // nil: nothing to search for
/// ```
public enum SearchQuery {
  /// The most words a query uses.
  public static let maximumWords = 16
  /// The most characters of a query that are read.
  public static let maximumLength = 500

  /// The words of `text` that are searched for, in order.
  public static func words(of text: String) -> [String] {
    let words = text.prefix(maximumLength).split(whereSeparator: { character in
      character.isWhitespace || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }).map(String.init)
    let searchable = words.filter { word in
      word.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
    return Array(searchable.prefix(maximumWords))
  }

  /// The FTS5 query for `text`, or `nil` when it has no word to search for.
  public static func match(for text: String) -> String? {
    let words = words(of: text)
    guard !words.isEmpty else { return nil }
    return words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " ")
  }

  /// The FTS5 query for `text` with every word whole (no prefix), or `nil` when it has no word.
  ///
  /// ```swift
  /// SearchQuery.exactMatch(for: "buffer alloc")  // "\"buffer\" \"alloc\""
  /// ```
  public static func exactMatch(for text: String) -> String? {
    let words = words(of: text)
    guard !words.isEmpty else { return nil }
    return words.map(quoted).joined(separator: " ")
  }

  /// The FTS5 query for the sections whose title or heading holds every word of `text`: whole
  /// words, or prefixes when `prefix`. `nil` when it has no word.
  ///
  /// ```swift
  /// SearchQuery.namingMatch(for: "createHash", prefix: false)  // "{title heading} : (\"createHash\")"
  /// ```
  public static func namingMatch(for text: String, prefix: Bool) -> String? {
    let words = words(of: text)
    guard !words.isEmpty else { return nil }
    return "{title heading} : (" + words.map { quoted($0) + (prefix ? "*" : "") }.joined(separator: " ") + ")"
  }

  /// `word` as an FTS5 string: quoted, an embedded `"` doubled.
  static func quoted(_ word: String) -> String {
    "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// For a query of one character, the FTS5 query for the sections whose heading starts with
  /// it (`heading : ^"s"*`); `nil` for any other query.
  public static func headingStart(for text: String) -> String? {
    let words = words(of: text)
    guard words.count == 1, let word = words.first, word.count == 1 else { return nil }
    return "heading : ^\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"*"
  }
}
