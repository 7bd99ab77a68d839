import Foundation
import HelpViewerBooks
import HelpViewerCore

/// The page the bundled scheme serves at a book's search address: the results of the book's
/// index (`SearchResultsPage`), each linking to its page of the book under the bundled scheme;
/// or, while the index is not built yet, a short page that says so and reloads itself.
///
/// ```swift
/// let html = SearchPages.page(query: "sync", in: book)
/// ```
@MainActor
enum SearchPages {
  /// How many results a results page lists.
  static let limit = 30

  /// The results page for `query` in `book`; a misspelt word is corrected (the page says so and
  /// links to the words as typed) unless `correcting` is false.
  static func page(query: String, in book: HelpBook, correcting: Bool = true) -> String {
    guard let index = SearchIndexes.index(for: book) else {
      Task { _ = try? await SearchIndexes.prepare(book) }
      return preparing(book)
    }
    let answer: SearchAnswer
    do {
      answer = try index.answer(query, limit: limit, correcting: correcting)
    } catch {
      answer = SearchAnswer(query: query, results: [])
    }
    let name = BundledScheme.name(for: book)
    let original = BundledScheme.searchURL(query: query, in: book, correcting: false).absoluteString
    return SearchResultsPage.html(
      query: query, results: answer.results, language: index.language, correctedQuery: answer.correctedQuery,
      originalLink: original
    ) { result in
      BundledScheme.address(of: result.pageID, section: result.sectionID, in: name).absoluteString
    }
  }

  /// A page that reloads itself until the index is built.
  private static func preparing(_ book: HelpBook) -> String {
    let text = HTMLText.escape(localized("Preparing search…"))
    return """
      <!DOCTYPE html>
      <html><head><meta charset="utf-8"><meta name="color-scheme" content="light dark">
      <meta http-equiv="refresh" content="1"><title>\(text)</title></head>
      <body style="font: 15px system-ui, sans-serif; padding: 1.5em"><p>\(text)</p></body></html>
      """
  }
}
