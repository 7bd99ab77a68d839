import Foundation
import HelpViewerBooks
import HelpViewerCore

extension HelpViewerEngine {
  /// Builds `book`'s search index now, off the main thread, so that the first search in a help
  /// dialog answers at once. Returns at once; does nothing when the index is built or building.
  ///
  /// ```swift
  /// HelpViewerEngine.prepareSearch(book)   // e.g. when the app starts, or the help menu opens
  /// ```
  public static func prepareSearch(_ book: HelpBook) {
    guard SearchIndexes.index(for: book) == nil, !SearchIndexes.isBuilding(book) else { return }
    Task { _ = try? await SearchIndexes.prepare(book) }
  }

  /// Whether `book`'s search index is built.
  public static func isSearchReady(_ book: HelpBook) -> Bool { SearchIndexes.index(for: book) != nil }

  /// Searches `book` for `text`, best first (building its index first, off the main thread,
  /// when it is not built yet). The text is the person's words, never a query language.
  ///
  /// ```swift
  /// for result in try await HelpViewerEngine.search("sync", in: book) {
  ///   print(result.title, HelpViewerEngine.url(of: result, in: book))
  /// }
  /// ```
  public static func search(_ text: String, in book: HelpBook, limit: Int = 20) async throws(LoadError)
    -> [SearchResult]
  {
    try await SearchIndexes.prepare(book).search(text, limit: limit)
  }

  /// Searches `book` for `text` as `search(_:in:limit:)` does, and says whether a misspelt word
  /// was corrected (`SearchAnswer.correctedQuery`); with `correcting: false`, the words as typed.
  ///
  /// ```swift
  /// let answer = try await HelpViewerEngine.answer("bufer", in: book)
  /// answer.correctedQuery   // "buffer"
  /// ```
  public static func answer(_ text: String, in book: HelpBook, limit: Int = 20, correcting: Bool = true)
    async throws(LoadError) -> SearchAnswer
  {
    try await SearchIndexes.prepare(book).answer(text, limit: limit, correcting: correcting)
  }

  /// The address a viewer shows `result` at: its page of `book`, served by the bundled scheme,
  /// with its section as the fragment.
  public static func url(of result: SearchResult, in book: HelpBook) -> URL {
    BundledScheme.address(of: result.pageID, section: result.sectionID, in: BundledScheme.name(for: book))
  }

  /// Forgets the search indexes built so far (their memory goes back) and cancels the builds in
  /// progress, which keep nothing (a `search` waiting for one throws); the next search builds
  /// its book's index again.
  ///
  /// ```swift
  /// HelpViewerEngine.dropSearchIndexes()   // e.g. when the help window is gone for good
  /// ```
  public static func dropSearchIndexes() {
    SearchIndexes.drop()
  }
}
