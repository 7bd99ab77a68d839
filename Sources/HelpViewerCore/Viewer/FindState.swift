import Foundation

/// What find in page shows: whether the bar is open, the text searched for, and how many
/// matches the page has.
///
/// ```swift
/// let state = viewer.model.findState
/// if state.noResults { … } else if let count = state.matchCount { print(state.summary) }
/// ```
public struct FindState: Sendable, Equatable {
  /// The most matches counted; a page with more reports `matchCount == maxMatchCount + 1`.
  public static let maxMatchCount = 1000

  /// Whether the find bar is shown.
  public var isShown = false
  /// The text searched for; empty when nothing is searched.
  public var text = ""
  /// The number of matches of `text` on the page, once WebKit has counted them.
  public var matchCount: Int?
  /// Whether the page has no match of `text` (WebKit reported it failed to find the text).
  public var noResults = false

  public init() {}

  /// The count as people read it: "No results", "1 match", "12 matches", "More than 1000
  /// matches"; empty while nothing is searched or counted.
  public var summary: String {
    if text.isEmpty { return "" }
    if noResults { return localized("No results") }
    guard let count = matchCount else { return "" }
    switch count {
    case 0: return localized("No results")
    case (Self.maxMatchCount + 1)...: return String(format: localized("More than %d matches"), Self.maxMatchCount)
    default: return String(format: localized("%d match", "%d matches", count: count), count)
    }
  }
}
