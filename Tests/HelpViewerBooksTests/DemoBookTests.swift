import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// The demo's own help book (`Resources/Notebook/help`, "Notebook"): its English (`C/`) and
/// German (`de/`) pages match page for page and section for section, every page has a title
/// and sections with ids, and search finds what the demo shows (accents ignored, in German too).
@Suite struct DemoBookTests {
  /// The book's folder in this checkout: the tests read the sources, not a build.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Resources/Notebook/help")

  /// Page ids the demo, the benchmark and the other tests use.
  static let knownPages = ["index", "getting-started", "keyboard-shortcuts", "troubleshooting", "sync"]

  @Test func germanAndEnglishHaveTheSamePages() throws {
    let book = try HelpBook(folder: Self.folder, languages: ["de"])
    #expect(book.layout == .perLanguage && book.languages == ["de", "C"] && book.language == "de")
    let english = book.pages(language: "C").map(\.id)
    let german = book.pages(language: "de").map(\.id)
    #expect(english == german)
    #expect(english.count >= 11, "an index and about ten topics")
    #expect(Set(Self.knownPages).isSubset(of: english))
    #expect(book.pages().allSatisfy { $0.language == "de" }, "no German page falls back to C")
  }

  @Test func everyPageHasATitleAndSectionsWithIds() throws {
    let book = try HelpBook(folder: Self.folder, languages: ["de"])
    for language in ["C", "de"] {
      for page in book.pages(language: language) {
        let text = try page.text()
        #expect(!text.title.isEmpty, "\(language)/\(page.id) has a title")
        let sectioned = text.sections.filter { $0.level >= 2 }
        #expect(sectioned.count >= 2, "\(language)/\(page.id) has sections")
        #expect(sectioned.allSatisfy { $0.id != nil && !$0.heading.isEmpty }, "\(language)/\(page.id): ids")
      }
    }
  }

  @Test func sectionIdsMatchAcrossLanguages() throws {
    let book = try HelpBook(folder: Self.folder, languages: ["de"])
    let german = Dictionary(uniqueKeysWithValues: book.pages(language: "de").map { ($0.id, $0) })
    for page in book.pages(language: "C") {
      let germanPage = try #require(german[page.id])
      let ids = try page.text().sections.compactMap(\.id)
      #expect(ids == (try germanPage.text().sections.compactMap(\.id)), "\(page.id): the same sections")
    }
    #expect(try book.url(forTopic: "sync", section: "conflicts").path.hasSuffix("/de/sync.html"))
  }

  @Test func searchFindsAccentedWordsInBothLanguages() throws {
    for (languages, title) in [([String](), "Writing Notes"), (["de"], "Notizen schreiben")] {
      let index = try SearchIndex(book: HelpBook(folder: Self.folder, languages: languages))
      #expect(index.skippedPages.isEmpty)
      let results = try index.search("resume")
      let marked = results.flatMap { $0.snippet.filter(\.isMatch) }
      // The example note, and the search page saying that accents are ignored.
      #expect(Set(results.map { "\($0.pageID)#\($0.sectionID ?? "")" }).isSuperset(of: ["writing-notes#example"]))
      let resume = try #require(results.first { $0.pageID == "writing-notes" }, "\(languages)")
      #expect(resume.title == title)
      #expect(marked.contains { $0.text.lowercased() == "résumé" }, "the accented word is found and marked")
      #expect(!results.isEmpty && results.allSatisfy { $0.snippet.contains(where: \.isMatch) })
      #expect(
        marked.allSatisfy {
          $0.text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).hasPrefix("resume")
        })
      #expect(try index.search("cafe zoe").first?.sectionID == "example")
    }
    let english = try SearchIndex(book: HelpBook(folder: Self.folder, languages: []))
    let conflicts = try #require(try english.search("conflicting copies").first)
    #expect(conflicts.pageID == "sync" && conflicts.sectionID == "conflicts")
  }
}
