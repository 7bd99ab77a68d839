import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// The results page: links, sections, highlighted snippets, the "No results" state, escaping,
/// dark mode and translation.
@Suite struct SearchResultsPageTests {
  @Test func listsResultsWithEscapedText() throws {
    let folder = try TestBook.make()
    defer { folder.remove() }
    let index = try SearchIndex(book: HelpBook(folder: folder.url, languages: []))
    let results = try index.search("angle")
    let html = Localization.withLanguages([]) { SearchResultsPage.html(query: "<angle>", results: results) }
    #expect(html.contains("Search results for “&lt;angle&gt;”"))
    #expect(html.contains("1 result"))
    #expect(html.contains("<a href=\"\(results[0].url.absoluteString)\">API Reference</a>"))
    #expect(html.contains("<div class=\"section\">Markup in text</div>"))
    #expect(html.contains("&lt;<mark>angle</mark>&gt;"))
    #expect(!html.contains("<angle>"))
    #expect(html.contains("prefers-color-scheme: dark") && html.contains("<html lang=\"en\">"))
    let mapped = SearchResultsPage.html(query: "x", results: results, language: "pt_BR") {
      "help-viewer://book/\($0.pageID).html?a=\"1\""
    }
    #expect(
      mapped.contains("href=\"help-viewer://book/api.html?a=&quot;1&quot;\"") && mapped.contains("lang=\"pt-BR\""))
  }

  @Test func noResultsIsClearAndTranslated() {
    let english = Localization.withLanguages([]) { SearchResultsPage.html(query: " <b>zz</b> ", results: []) }
    #expect(english.contains("No results for “&lt;b&gt;zz&lt;/b&gt;”"))
    #expect(!english.contains("<b>zz"))
    #expect(!english.contains("<ol>"))
    let german = Localization.withLanguages(["de"]) { SearchResultsPage.html(query: "zz", results: [], language: "de") }
    #expect(german.contains("Keine Ergebnisse für „zz“") || german.contains("Keine Ergebnisse für “zz”"), "\(german)")
    #expect(german.contains("lang=\"de\""))
  }

  @Test func correctedResultsSayWhatWasSearchedAndLinkToTheOriginal() throws {
    let folder = try TestBook.make()
    defer { folder.remove() }
    let index = try SearchIndex(book: HelpBook(folder: folder.url, languages: []))
    let answer = try index.answer("conflcts")
    #expect(answer.correctedQuery == "conflicts" && !answer.results.isEmpty)
    let link = "help-viewer://book-1/.search?q=conflcts&exact=1"
    let html = Localization.withLanguages([]) {
      SearchResultsPage.html(
        query: "conflcts", results: answer.results, correctedQuery: answer.correctedQuery, originalLink: link)
    }
    #expect(html.contains("Showing results for “conflicts”."))
    #expect(html.contains("<a class=\"original\" href=\"help-viewer://book-1/.search?q=conflcts&amp;exact=1\">"))
    #expect(html.contains("Search for “conflcts” instead</a>"))
    #expect(html.contains("Search results for “conflicts”"))
    let german = Localization.withLanguages(["de"]) {
      SearchResultsPage.html(
        query: "<b>x", results: answer.results, language: "de", correctedQuery: "conflicts", originalLink: link)
    }
    #expect(german.contains("Ergebnisse für „conflicts“ werden angezeigt."), "\(german)")
    #expect(german.contains("Stattdessen nach „&lt;b&gt;x“ suchen") && !german.contains("<b>x"))
    // The original, searched as typed: no note.
    let plain = SearchResultsPage.html(query: "conflcts", results: [], originalLink: link)
    #expect(!plain.contains("class=\"corrected\"") && plain.contains("No results for “conflcts”"))
  }
}
