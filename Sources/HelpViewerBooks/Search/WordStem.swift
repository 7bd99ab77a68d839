/// A light English stem for comparing a query's words with a title's or a heading's: common
/// endings removed, so "annotations" meets "annotated", "copied" meets "copy" and "serialize"
/// meets "serialization". Only for ranking; the index keeps the words as written.
///
/// ```swift
/// WordStem.of("annotations")   // "annot"
/// WordStem.of("annotated")     // "annotat": "annot" starts it
/// WordStem.matches("annotations", "annotated")   // true
/// ```
enum WordStem {
  /// The endings removed, longest first; each with what replaces it.
  static let endings: [(String, String)] = [
    ("ations", ""), ("ation", ""), ("ings", ""), ("ing", ""), ("ied", "y"), ("ies", "y"), ("ed", ""), ("es", ""),
    ("s", ""), ("e", ""),
  ]

  /// `token` (lower case) without its ending, when at least 3 letters stay; numbers and words
  /// ending in "ss" are left alone.
  static func of(_ token: String) -> String {
    guard token.count > 3, !token.hasSuffix("ss"), token.last?.isLetter == true else { return token }
    for (ending, replacement) in endings where token.hasSuffix(ending) {
      let stem = String(token.dropLast(ending.count)) + replacement
      if stem.count >= 3 { return stem }
    }
    return token
  }

  /// Whether the query token `query` names the word `word`: its stem starts `word`'s stem, or
  /// `query` starts `word` (the prefix a person typed).
  static func matches(_ query: String, _ word: String) -> Bool {
    word.hasPrefix(query) || of(word).hasPrefix(of(query))
  }
}
