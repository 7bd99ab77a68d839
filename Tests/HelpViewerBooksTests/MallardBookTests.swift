import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// Mallard help books rendered with yelp-xsl: the small book in `Fixtures/MallardBook` (a
/// guide, two topics, sections with ids, a figure, a German translation that lacks one page).
@Suite struct MallardBookTests {
  /// The test book's folder, in the source tree.
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/MallardBook", isDirectory: true)
  static var hasYelpXSL: Bool {
    FileManager.default.fileExists(
      atPath: MallardStylesheets.installedFolder.appendingPathComponent("mallard/html/mal2html.xsl").path)
  }

  func html(_ page: String, _ book: HelpBook) throws -> String {
    String(decoding: try book.page(id: page).html(), as: UTF8.self)
  }

  @Test(.enabled(if: hasYelpXSL)) func aFolderWithIndexPageIsAMallardBook() throws {
    let book = try HelpBook(folder: Self.fixture, languages: [])
    #expect(book.format == .mallard)
    #expect(book.layout == .perLanguage)
    #expect(book.pages().map(\.id) == ["index", "share", "sync"])
    let index = try html("index", book)
    #expect(index.contains("<title>Notes Help</title>"))
    // Guide links come from the cache: the topics, with their descs, link to PAGE.html.
    #expect(index.contains("href=\"sync.html\"") && index.contains("href=\"share.html\""), "\(index)")
    #expect(index.contains("Keep notes the same on every computer."))
  }

  @Test(.enabled(if: hasYelpXSL)) func topicSectionsFiguresCodeAndSeeAlso() throws {
    let book = try HelpBook(folder: Self.fixture, languages: [])
    let sync = try html("sync", book)
    #expect(sync.contains("id=\"conflicts\""), "a section id is a fragment")
    #expect(sync.contains("src=\"figures/sync.png\""), "the figure, relative to the page")
    #expect(sync.contains("notes --sync --force"), "the code block")
    #expect(sync.contains("href=\"share.html\""), "see also")
    #expect(sync.contains("href=\"index.html#basics\""), "the guide it is in")
    let share = try html("share", book)
    #expect(share.contains("href=\"sync.html#conflicts\""))
    #expect(share.contains("href=\"help:gnome-help/files\""), "cross-app links stay help: addresses")
    #expect(!sync.contains("file://"), "no file addresses in the page")
  }

  @Test(.enabled(if: hasYelpXSL)) func germanFallsBackPageByPage() throws {
    let book = try HelpBook(folder: Self.fixture, languages: ["de_DE.UTF-8"])
    #expect(book.language == "de")
    #expect(try book.page(id: "sync").language == "de")
    #expect(try book.page(id: "share").language == "C", "de/ lacks it")
    let sync = try html("sync", book)
    #expect(sync.contains("Notizen abgleichen") && sync.contains("src=\"figures/sync.png\""))
    #expect(try html("share", book).contains("Share a note"))
    #expect(
      try html("index", book).contains("Notizen auf jedem Rechner gleich halten."), "the German desc in the guide")
    let german = book.pages(language: "de")
    #expect(german.map(\.id) == ["index", "sync"], "de/ alone, still Mallard")
    #expect(german.allSatisfy { $0.book == book }, "rendered within the whole book")
  }

  @Test(.enabled(if: hasYelpXSL)) func pageTextHasTitleSectionsAndDesc() throws {
    let book = try HelpBook(folder: Self.fixture, languages: [])
    let text = try book.page(id: "sync").text()
    #expect(text.title == "Synchronize notes")
    #expect(text.sections.contains { $0.id == "conflicts" && $0.body.contains("newer wins") }, "\(text.sections)")
    #expect(text.sections.first?.body.contains("Keep notes the same on every computer.") == true)
  }

  @Test(.enabled(if: hasYelpXSL)) func mallardPagesAreSearchable() throws {
    let book = try HelpBook(folder: Self.fixture, languages: [])
    let index = try SearchIndex(book: book)
    let results = try index.search("newer", limit: 5)
    #expect(results.first?.pageID == "sync", "\(results)")
    #expect(try index.search("friend", limit: 5).contains { $0.pageID == "share" }, "the desc is searched")
  }

  @Test func withoutYelpXSLTheBookFailsNamingThePackage() throws {
    let missing = URL(fileURLWithPath: "/nonexistent/yelp-xsl-\(UUID().uuidString)")
    let book = try HelpBook(folder: Self.fixture, languages: [], stylesheets: missing)
    let error = #expect(throws: LoadError.self) { try book.page(id: "index").html() }
    #expect(error?.kind == .helpRendererMissing)
    #expect(error?.message.contains("yelp-xsl") == true)
    #expect(error?.details?.contains("yelp-xsl") == true)
  }

  @Test func docBookIsAFormatOfItsOwn() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("C/index.docbook", "<book><title>Old</title></book>")
    let book = try HelpBook(folder: folder.url, languages: [])
    #expect(book.format == .docbook)
    let error = #expect(throws: LoadError.self) { try book.indexPage() }
    #expect(error?.kind == .helpFormatUnsupported && error?.isRetryable == false)
    #expect(error?.message.contains("HTTP") == false)
    #expect(book.pages().isEmpty)
  }

  @Test(.enabled(if: hasYelpXSL)) func installedMallardHelpResolves() throws {
    let data = try TemporaryFolder()
    defer { data.remove() }
    try FileManager.default.createDirectory(
      at: data.url.appendingPathComponent("help"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Self.fixture.appendingPathComponent("C"), to: data.url.appendingPathComponent("help/C/notes"))
    try FileManager.default.copyItem(
      at: Self.fixture.appendingPathComponent("de"), to: data.url.appendingPathComponent("help/de/notes"))
    let environment = ["XDG_DATA_HOME": data.url.path, "XDG_DATA_DIRS": "/nonexistent"]
    let found = try HelpAddress(parsing: "help:notes/sync#conflicts").resolve(
      environment: environment, languages: ["de"])
    #expect(found.book.format == .mallard && found.page.language == "de" && found.section == "conflicts")
    #expect(String(decoding: try found.page.html(), as: UTF8.self).contains("Konflikte"))
    let missingPage = #expect(throws: LoadError.self) {
      try HelpAddress(parsing: "help:notes/calendar").resolve(environment: environment, languages: ["de"])
    }
    #expect(missingPage?.kind == .helpNotFound)
    #expect(missingPage?.message == "The help page “calendar” is not in the help for “notes”.")
    let missingApp = #expect(throws: LoadError.self) {
      try HelpAddress(parsing: "help:nosuchapp").resolve(environment: environment, languages: ["C"])
    }
    #expect(missingApp?.kind == .helpNotFound && missingApp?.isRetryable == false)
    #expect(missingApp?.message == "No help is installed for “nosuchapp”.")
  }

  /// zenity's manual as Debian installs it (with metacity or zenity), when it is there.
  @Test(.enabled(if: hasYelpXSL && FileManager.default.fileExists(atPath: "/usr/share/help/C/zenity/index.page")))
  func zenitysInstalledHelp() throws {
    let environment = ["XDG_DATA_DIRS": "/usr/share", "HOME": "/nonexistent"]
    let book = try HelpBook.installed(app: "zenity", environment: environment, languages: ["de_DE.UTF-8"])
    #expect(book.format == .mallard && book.language == "de")
    #expect(book.pages().count >= 15)
    let index = String(decoding: try book.indexPage().html(), as: UTF8.self)
    #expect(index.contains("href=\"calendar.html\""))
    let calendar = String(decoding: try book.page(id: "calendar").html(), as: UTF8.self)
    #expect(calendar.contains("<title>") && calendar.contains("zenity --calendar"))
  }
}
