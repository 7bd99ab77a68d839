import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// `help:` addresses resolved as Yelp does, in temporary XDG data directories.
@Suite struct HelpAddressTests {
  /// Data directories: home (`XDG_DATA_HOME`), `first` and `second` (`XDG_DATA_DIRS`).
  struct DataDirs {
    let root: TemporaryFolder
    var environment: [String: String] {
      [
        "XDG_DATA_HOME": root.url.appendingPathComponent("home").path,
        "XDG_DATA_DIRS": root.url.appendingPathComponent("first").path + ":relative/ignored:"
          + root.url.appendingPathComponent("second").path,
        "HOME": "/nonexistent",
      ]
    }

    init() throws {
      root = try TemporaryFolder()
      try root.write("home/help/C/app/home-only.html", "<title>home C</title>")
      try root.write("first/help/de/app/index.html", "<title>first de index</title>")
      try root.write("first/help/C/app/index.html", "<title>first C index</title>")
      try root.write("first/help/de/app/both.html", "<title>first de</title>")
      try root.write("first/help/C/app/c-only.html", "<title>first C</title>")
      try root.write("second/help/de/app/both.html", "<title>second de</title>")
      try root.write("second/help/de_AT/app/later.html", "<title>second de_AT</title>")
      try root.write("second/help/C/app/later.html", "<title>second C</title>")
      try root.write("second/help/C/other/index.html", "<title>other</title>")
    }
  }

  func resolve(_ address: String, _ dirs: DataDirs, languages: [String] = ["de_AT"]) throws -> HelpAddress.Resolution {
    try HelpAddress(parsing: address).resolve(environment: dirs.environment, languages: languages)
  }

  func relative(_ url: URL, _ dirs: DataDirs) -> String {
    String(url.path.dropFirst(dirs.root.url.resolvingSymlinksInPath().path.count + 1))
  }

  @Test func dataDirectoriesInOrderThenLanguagesWithCLast() throws {
    let dirs = try DataDirs()
    defer { dirs.root.remove() }
    #expect(relative(try resolve("help:app", dirs).page.fileURL, dirs) == "first/help/de/app/index.html")
    #expect(relative(try resolve("help:app", dirs, languages: []).page.fileURL, dirs) == "first/help/C/app/index.html")
    #expect(relative(try resolve("help:app/both", dirs).page.fileURL, dirs) == "first/help/de/app/both.html")
    #expect(relative(try resolve("help:app/c-only", dirs).page.fileURL, dirs) == "first/help/C/app/c-only.html")
    #expect(relative(try resolve("help:app/home-only", dirs).page.fileURL, dirs) == "home/help/C/app/home-only.html")
    let later = try resolve("help:app/later", dirs)
    #expect(relative(later.page.fileURL, dirs) == "second/help/de_AT/app/later.html" && later.page.language == "de_AT")
    #expect(
      relative(try resolve("help:app/later", dirs, languages: ["fr"]).page.fileURL, dirs)
        == "second/help/C/app/later.html")
    let book = try resolve("help:app", dirs).book
    #expect(book.layout == .installed)
    #expect(
      book.folders.map { relative($0.url, dirs) } == [
        "home/help/C/app", "first/help/de/app", "first/help/C/app", "second/help/de_AT/app", "second/help/de/app",
        "second/help/C/app",
      ])
    #expect(book.pages().map(\.id) == ["both", "c-only", "home-only", "index", "later"])
  }

  @Test func sectionsAndSpelling() throws {
    let dirs = try DataDirs()
    defer { dirs.root.remove() }
    let found = try resolve("HELP:app/both#fruit%20salad", dirs)
    #expect(found.section == "fruit salad")
    #expect(
      found.url.fragment(percentEncoded: false) == "fruit salad"
        && found.url.path.hasSuffix("/first/help/de/app/both.html"))
    #expect(try resolve("help:app/", dirs).page.id == "index")
    #expect(try resolve("help:other", dirs).page.id == "index")
    let address = try HelpAddress(parsing: "help:app/both#x")
    #expect(address.app == "app" && address.page == "both" && address.section == "x")
    #expect(address.description == "help:app/both#x")
  }

  @Test func missingPageAndAppAreHelpNotFound() throws {
    let dirs = try DataDirs()
    defer { dirs.root.remove() }
    for address in ["help:app/nope", "help:nope", "help:nope/page", "help:other/both"] {
      let error = #expect(throws: LoadError.self, "\(address)") { try resolve(address, dirs) }
      #expect(error?.kind == .helpNotFound && error?.isRetryable == false, "\(address)")
      #expect(error?.url == address || error?.url == "help:nope", "\(address): \(String(describing: error?.url))")
      #expect(error?.message.contains("HTTP") == false && error?.message.contains("server") == false)
    }
  }

  @Test func pathTricksAreRefused() throws {
    let dirs = try DataDirs()
    defer { dirs.root.remove() }
    try dirs.root.write("first/help/C/secret.html", "secret")
    try dirs.root.link(
      "first/help/C/app/escape.html", to: dirs.root.url.appendingPathComponent("first/help/C/secret.html").path)
    let tricks = [
      "help:../C/secret", "help:app/../secret", "help:app/..", "help:app/%2e%2e", "help:app/%2E%2E%2Fsecret",
      "help:/etc/passwd", "help://etc/passwd", "help:app/a/b", "help:app//x", "help:%2e%2e/app", "help:app%2f..",
      "help:app/escape", "help:app/x%00y",
    ]
    for address in tricks {
      let error = #expect(throws: LoadError.self, "\(address)") { try resolve(address, dirs) }
      #expect(error?.kind == .blockedByPolicy, "\(address): \(String(describing: error))")
    }
    #expect(
      (#expect(throws: LoadError.self) { try HelpAddress(parsing: "https://example.com") })?.kind == .unsupportedScheme)
    #expect((#expect(throws: LoadError.self) { try HelpAddress(parsing: "help:") })?.kind == .unsupportedScheme)
    #expect((#expect(throws: LoadError.self) { try HelpAddress(parsing: "help:app/%zz") })?.kind == .invalidURL)
  }
}
