import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// The quicker paths of search (issue 32's speed rows) give what the slower ones gave: snippets
/// made without FTS5's `snippet()` (`SnippetTests`), titles compared by kept stems, section
/// addresses made without a URL parse and rebuild, and a query of many words whose words no
/// section holds together skipping the tiers.
@Suite struct SearchSpeedPathsTests {
  /// Through the index: a long section (100 KB) gets a short snippet with its match marked.
  @Test func aLongSectionsResultHasAShortMarkedSnippet() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let filler = String(repeating: "<p>Lorem ipsum dolor sit amet, consectetur adipiscing.</p>", count: 300)
    try folder.write(
      "C/long.html", TestBook.page("Long", "<h1>Long</h1>\(filler)<p>Where the zeppelin lands.</p>\(filler)"))
    let index = try SearchIndex(book: HelpBook(folder: folder.url, languages: []))
    let result = try #require(try index.search("zeppelin").first)
    #expect(result.snippet.contains(SearchResult.Segment("zeppelin", isMatch: true)), "\(result.snippet)")
    #expect(result.snippetText.count < 200, "\(result.snippetText.count) characters")
  }

  /// `StemmedWords` answers as `WordStem.matches` and `NamingWords.joined` do.
  @Test func keptStemsNameAsStemmingEachTimeDid() {
    let titles = ["annotations", "print", "copied", "logout", "setup", "serialization", "class", "notes", "i18n"]
    let queries = ["annotated", "printing", "copy", "log", "out", "set", "up", "serialize", "classes", "note", "i"]
    let words = StemmedWords(Set(titles))
    let counted = titles.filter { title in queries.contains { WordStem.matches($0, title) } }.count
    #expect(words.countNamed(by: queries.map(StemmedWords.Token.init)) == counted)
    #expect(words.countNamed(by: [StemmedWords.Token("zebra")]) == 0)
    for query in queries {
      let named = titles.contains { WordStem.matches(query, $0) }
      #expect(words.isNamed(by: StemmedWords.Token(query)) == named, "\(query)")
      for second in queries {
        let joined = NamingWords.joined(query, second, in: Set(titles))
        #expect(words.contains(compound: StemmedWords.Token(query + second)) == joined, "\(query) \(second)")
      }
    }
  }

  /// A snippet splits at its markers by scalar: matches apart, line breaks shown as the block
  /// separator (a Windows line end kept as it is), a marker beside a combining accent still a
  /// marker.
  @Test func snippetsSplitAtTheirMarkersAndLineBreaks() {
    let (open, close) = (SearchIndex.open, SearchIndex.close)
    let separator = SearchResult.blockSeparator
    func split(_ text: String) -> [SearchResult.Segment] { SearchResult.segments(text, open: open, close: close) }
    #expect(
      split("a \(open)pipe\(close) to\nthe \(open)stream\(close)")
        == [
          .init("a ", isMatch: false), .init("pipe", isMatch: true), .init(" to\(separator)the ", isMatch: false),
          .init("stream", isMatch: true),
        ])
    #expect(split("one\r\ntwo") == [.init("one\r\ntwo", isMatch: false)])
    #expect(
      split("\(open)cafe\(close)\u{301} au lait") == [
        .init("cafe", isMatch: true), .init("\u{301} au lait", isMatch: false),
      ])
    #expect(split("\(open)\(close)\n").map(\.text) == [separator])
    #expect(split("").isEmpty)
  }

  /// A section's address is what `URLComponents` makes, characters a fragment cannot hold
  /// escaped.
  @Test func sectionAddressesAreWhatURLComponentsMakes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("C/a page.html", TestBook.page("A", "<h1>A</h1>"))
    let book = try HelpBook(folder: folder.url, languages: [])
    let page = try #require(book.pages().first)
    for section in ["plain", "a b", "été", "x#y", "100%", "a/b?c", "[x]", "<tag>", "emoji-😀"] {
      var components = try #require(URLComponents(url: page.fileURL, resolvingAgainstBaseURL: false))
      components.fragment = section
      let expected = try #require(components.url)
      #expect(page.url(section: section).absoluteString == expected.absoluteString, "\(section)")
    }
    #expect(page.url(section: nil) == page.fileURL)
    #expect(page.url(section: "") == page.fileURL)
  }

  /// Three words no section holds together: the page holding them across its sections is found
  /// (the tiers are skipped); three words one section holds: that section's page comes first.
  @Test func aQueryOfManyWordsFindsPagesWithOrWithoutASectionHoldingThemAll() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "C/apart.html",
      TestBook.page(
        "Apart",
        "<h1>Apart</h1><h2 id=\"one\">One</h2><p>kestrel here.</p><h2 id=\"two\">Two</h2><p>heron there.</p>"
          + "<h2 id=\"three\">Three</h2><p>plover elsewhere.</p>"))
    try folder.write(
      "C/together.html",
      TestBook.page("Together", "<h1>Together</h1><h2 id=\"all\">All</h2><p>kestrel, heron and plover.</p>"))
    let index = try SearchIndex(book: HelpBook(folder: folder.url, languages: []))
    #expect(try index.search("kestrel heron plover").map(\.pageID) == ["together", "apart"])
    #expect(try index.search("kestrel heron elsewhere").map(\.pageID) == ["apart", "together"])
  }
}
