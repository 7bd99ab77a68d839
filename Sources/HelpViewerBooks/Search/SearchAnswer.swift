/// What a search found: the results, best first, and the query they are for when search
/// corrected a misspelt word (`correctedQuery`).
///
/// ```swift
/// let answer = try index.answer("bufer")
/// answer.correctedQuery   // "buffer": the results are for it
/// answer.results.first    // Buffer's own section
/// try index.answer("bufer", correcting: false).results   // []: the word as typed
/// ```
public struct SearchAnswer: Sendable, Hashable {
  /// The query as typed.
  public let query: String
  /// The query searched instead, when a word matched nothing in the book and a close word of
  /// the book replaced it; `nil` when the query was searched as typed.
  public let correctedQuery: String?
  /// The sections found, best first.
  public let results: [SearchResult]

  public init(query: String, correctedQuery: String? = nil, results: [SearchResult]) {
    self.query = query
    self.correctedQuery = correctedQuery
    self.results = results
  }
}
