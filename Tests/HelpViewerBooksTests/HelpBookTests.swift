import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// Help books: layouts, the language chain with per-page fallback to `C`, topics and sections,
/// unknown topics and refused paths.
@Suite struct HelpBookTests {
  @Test func germanBookFallsBackToCPageByPage() throws {
    let folder = try TestBook.make()
    defer { folder.remove() }
    let book = try HelpBook(folder: folder.url, languages: ["de_DE.UTF-8"])
    #expect(book.layout == .perLanguage)
    #expect(book.languageChain == ["de_DE", "de", "C"])
    #expect(book.languages == ["de", "C"])
    #expect(book.language == "de")
    #expect(try book.page(id: "sync").language == "de")
    #expect(try book.page(id: "sync").fileURL.path.hasSuffix("/de/sync.html"))
    let api = try book.page(id: "api")
    #expect(api.language == "C" && api.fileURL.path.hasSuffix("/C/api.html"))
    let shown = book.pages()
    #expect(shown.map(\.id) == ["api", "fruit", "hostile", "index", "kiwi", "sync"])
    #expect(shown.filter { $0.language == "de" }.map(\.id) == ["index", "sync"])
    #expect(book.pages(language: "de").map(\.id) == ["index", "sync"])
    #expect(book.pages(language: "C").count == 6)
  }

  @Test func otherLanguagesAndEnglishGetC() throws {
    let folder = try TestBook.make()
    defer { folder.remove() }
    for languages in [["fr"], [], ["en_US.UTF-8"], ["C"]] {
      let book = try HelpBook(folder: folder.url, languages: languages)
      #expect(book.language == "C", "\(languages)")
      #expect(try book.page(id: "sync").language == "C")
    }
  }

  @Test func theDefaultChainIsThePackages() throws {
    let folder = try TestBook.make()
    defer { folder.remove() }
    let german = try Localization.withLanguages(["de"]) { () throws(LoadError) in try HelpBook(folder: folder.url) }
    #expect(german.language == "de" && german.languageChain == ["de", "C"])
    let english = try Localization.withLanguages([]) { () throws(LoadError) in try HelpBook(folder: folder.url) }
    #expect(english.language == "C" && english.languageChain == ["C"])
  }

  @Test func flatBookHasOneLanguage() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("index.html", "<title>Flat</title>")
    try folder.write("intro.html", "<title>Intro</title>")
    try folder.write("notes.txt", "not a page")
    let book = try HelpBook(folder: folder.url, languages: ["de"])
    #expect(book.layout == .flat)
    #expect(book.language == "C")
    #expect(book.pages().map(\.id) == ["index", "intro"])
    #expect(try book.indexPage().fileURL.lastPathComponent == "index.html")
  }

  @Test func topicsAndSections() throws {
    let folder = try TestBook.make()
    defer { folder.remove() }
    let book = try HelpBook(folder: folder.url, languages: ["de"])
    let url = try book.url(forTopic: "sync", section: "conflicts")
    #expect(url.isFileURL && url.path.hasSuffix("/de/sync.html") && url.fragment == "conflicts")
    #expect(try book.url(forTopic: "sync").fragment == nil)
    #expect(try book.url(forTopic: "api", section: "").fragment == nil)
    let topic = try #require(HelpTopic(parsing: "sync#résumé a"))
    #expect(topic == HelpTopic(page: "sync", section: "résumé a"))
    #expect(try book.url(for: topic).fragment(percentEncoded: false) == "résumé a")
    #expect(HelpTopic(parsing: "#x") == nil && HelpTopic(parsing: "") == nil)
    #expect(HelpTopic(parsing: "sync")?.section == nil)
    #expect(HelpTopic(parsing: "sync#")?.section == nil)
    #expect(HelpTopic(page: "a", section: "b").description == "a#b")
  }

  @Test func addressesMapBackToPages() throws {
    let folder = try TestBook.make()
    defer { folder.remove() }
    let book = try HelpBook(folder: folder.url, languages: ["de"])
    let sync = try book.url(forTopic: "sync", section: "conflicts")
    #expect(book.page(at: sync)?.id == "sync")
    #expect(book.page(at: try book.url(forTopic: "api"))?.language == "C")
    #expect(book.page(at: folder.url.appendingPathComponent("C/sync.html")) == nil, "not the page shown in German")
    #expect(book.page(at: folder.url.appendingPathComponent("de/../C/api.html"))?.id == "api")
    #expect(book.page(at: URL(fileURLWithPath: "/etc/passwd.html")) == nil)
    #expect(book.page(at: try #require(URL(string: "https://example.com/sync.html"))) == nil)
  }

  @Test func unknownTopicIsAMissingPage() throws {
    let folder = try TestBook.make()
    defer { folder.remove() }
    let book = try HelpBook(folder: folder.url, languages: ["de"])
    let error = #expect(throws: LoadError.self) { try book.url(forTopic: "nonexistent", section: "x") }
    #expect(error?.kind == .pageNotFound && error?.httpStatus == nil, "no HTTP status for a book's page")
    #expect(error?.details?.contains("nonexistent") == true)
  }

  @Test func pathTricksAreRefused() throws {
    let folder = try TestBook.make()
    defer { folder.remove() }
    try folder.write("secret.html", "outside the language folders")
    let outside = try TemporaryFolder()
    defer { outside.remove() }
    try outside.write("passwd.html", "secret")
    try folder.link("C/escape.html", to: outside.url.appendingPathComponent("passwd.html").path)
    try folder.link("C/shared.html", to: "../de/sync.html")  // Inside the book: allowed.
    let book = try HelpBook(folder: folder.url, languages: [])
    for id in [
      "../secret", "..", ".", "%2e%2e", "a/b", "/etc/passwd", "..%2fsecret", "%2F", "a\\b", "x\0y", "", "escape",
    ] {
      let error = #expect(throws: LoadError.self, "\(id)") { try book.page(id: id) }
      #expect(error?.kind == .blockedByPolicy, "\(id): \(String(describing: error))")
    }
    #expect(try book.page(id: "shared").fileURL.path.hasSuffix("/de/sync.html"))
    #expect(!book.pages().map(\.id).contains("escape"), "a page that leaves the book is not listed")
  }

  @Test func missingFolderIsAnError() {
    let error = #expect(throws: LoadError.self) {
      try HelpBook(folder: URL(fileURLWithPath: "/nonexistent/help-\(UUID().uuidString)"))
    }
    #expect(error?.httpStatus == 404)
  }
}
