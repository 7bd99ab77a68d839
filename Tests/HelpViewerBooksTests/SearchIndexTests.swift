import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// Full-text search on a small real book: ranking, snippets, prefixes, accents, languages,
/// hostile queries and hostile pages.
@Suite struct SearchIndexTests {
  func index(languages: [String] = []) throws -> (SearchIndex, TemporaryFolder) {
    let folder = try TestBook.make()
    return (try SearchIndex(book: HelpBook(folder: folder.url, languages: languages)), folder)
  }

  @Test func titleAndHeadingRankAboveBody() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    let results = try index.search("kiwi")
    let places = results.map { "\($0.pageID)#\($0.sectionID ?? "")" }
    #expect(places == ["kiwi#", "fruit#tropical"], "title, then heading; each page once")
    #expect(results[1].otherSections.map(\.sectionID) == ["other"], "the body (three times) is fruit's other section")
    #expect(results[0].title == "Kiwi" && results[1].heading == "Tropical kiwi varieties")
  }

  @Test func sectionsCarryTheirIdsAndURLs() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    let result = try #require(try index.search("conflicts").first)
    #expect(result.title == "Syncing Files" && result.pageID == "sync" && result.sectionID == "conflicts")
    #expect(result.heading == "Conflicts" && result.language == "C")
    #expect(result.url.path.hasSuffix("/C/sync.html") && result.url.fragment == "conflicts")
    #expect(try index.search("network").first?.sectionID == "offline")
    #expect(index.pageCount == 6 && index.language == "C" && index.skippedPages.isEmpty)
  }

  @Test func snippetsHighlightAndEscape() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    let result = try #require(try index.search("angle").first)
    #expect(result.snippet.contains(SearchResult.Segment("angle", isMatch: true)))
    #expect(result.snippetText.contains("<angle> brackets & ampersands"))
    #expect(result.snippetHTML.contains("&lt;<mark>angle</mark>&gt; brackets &amp; ampersands"))
    #expect(result.snippetHTML.contains("&quot;like this&quot; and &#39;these&#39;"))
    #expect(
      !result.snippetHTML.replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(of: "</mark>", with: "")
        .contains("<"))
    let two = try #require(try index.search("both copies").first)
    #expect(two.snippet.filter(\.isMatch).map { $0.text.lowercased() } == ["both", "copies"])
  }

  @Test func prefixesMatch() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    for query in ["readFileS", "readfilesync", "fs.readFileS", "READF"] {
      let result = try #require(try index.search(query).first, "\(query)")
      #expect(result.pageID == "api" && result.sectionID == "readfilesync", "\(query)")
      #expect(result.heading == "fs.readFileSync(path)", "the permalink # is not part of the heading")
    }
    #expect(try index.answer("readFileSyncX", correcting: false).results.isEmpty)
    #expect(try index.answer("readFileSyncX").correctedQuery == "readfilesync", "one letter too many: corrected")
  }

  @Test func caseAndDiacriticsAreIgnored() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    for query in ["resume", "RÉSUMÉ", "Resume", "cafe", "naive"] {
      let result = try #require(try index.search(query).first, "\(query)")
      #expect(result.sectionID == "resume", "\(query)")
    }
    let result = try #require(try index.search("resume").first)
    #expect(result.heading == "Résumé of changes")
    #expect(result.snippet.contains(SearchResult.Segment("résumé", isMatch: true)))
  }

  @Test func onlyTheLanguageShownIsIndexed() throws {
    let (index, folder) = try index(languages: ["de"])
    defer { folder.remove() }
    #expect(index.language == "de")
    let german = try #require(try index.search("konflikte").first)
    #expect(german.pageID == "sync" && german.sectionID == "conflicts" && german.language == "de")
    #expect(german.url.path.hasSuffix("/de/sync.html"))
    #expect(try index.search("Conflicts").isEmpty, "the English sync page is not indexed")
    #expect(try index.search("Gerate").first?.pageID == "sync", "Geräte without its umlaut")
    let fallback = try #require(try index.search("readFileSync").first)
    #expect(
      fallback.language == "C" && fallback.url.path.hasSuffix("/C/api.html"), "pages missing in German come from C")
  }

  @Test func hostileQueriesAreOnlyWords() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    let hostile = [
      "\"", "\"\"", "'", "*", "**", "(", ")", "(conflicts", "conflicts)", "NEAR", "NEAR(both copies)",
      "both NEAR copies",
      "AND", "OR", "NOT", "conflicts AND", "NOT conflicts", "title:kiwi", "^kiwi", "kiwi +", "-",
      "'); DROP TABLE sections; --",
      "\"; DELETE FROM sections; SELECT \"", "%", "_", "\\", "\0", "kiwi\0", "\u{E000}kiwi\u{E001}", "", "   ", "\n\t",
      String(repeating: "kiwi ", count: 5000), String(repeating: "\"(*", count: 3000),
      String(repeating: "x", count: 100_000),
    ]
    for query in hostile {
      _ = try index.search(query)  // Never a syntax error, never SQL.
    }
    #expect(try index.search("").isEmpty && index.search("   ").isEmpty && index.search("*").isEmpty)
    #expect(try index.search("'); DROP TABLE sections; --").isEmpty)
    #expect(try index.search("conflicts").first?.sectionID == "conflicts", "the table is still there")
    #expect(try index.search("\"conflicts\"").first?.sectionID == "conflicts", "quotes are just characters")
    #expect(try index.search("(conflicts)").first?.sectionID == "conflicts")
    #expect(try index.search("conflicts AND").first?.sectionID == "conflicts", "AND is a stop word, not an operator")
    #expect(try Set(index.search("conflicts OR kiwi").map(\.pageID)).isSuperset(of: ["sync", "kiwi"]), "OR too")
    #expect(try index.search("title:kiwi").isEmpty, "no column filters")
    #expect(try !index.search(String(repeating: "kiwi ", count: 5000)).isEmpty)
    #expect(SearchQuery.match(for: "a\"b NEAR *") == "\"a\"\"b\"* \"NEAR\"*")
    #expect(SearchQuery.words(of: String(repeating: "w ", count: 100)).count == SearchQuery.maximumWords)
  }

  @Test func hostilePagesIndexOnlyTheirText() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    for word in [
      "secretscriptword", "injectedwordonly", "Fake", "bannerwordonly", "rolenavwordonly", "tocwordonly",
      "hiddenwordonly", "noscriptwordonly", "templatewordonly", "navwordonly", "footerwordonly", "stylewordonly",
    ] {
      #expect(try index.search(word).isEmpty, "\(word) is not indexed")
    }
    #expect(try index.search("visiblewordonly").first?.sectionID == "kept")
    #expect(try index.search("brokenwordonly").first?.pageID == "hostile")
    #expect(try index.search("after").contains { $0.sectionID == "broken" })
  }

  @Test func resultsLinkOnlyToPagesOfTheBook() throws {
    let (index, folder) = try index(languages: ["de"])
    defer { folder.remove() }
    let root = folder.url.resolvingSymlinksInPath().path + "/"
    let pages = Set(index.book.pages().map(\.fileURL))
    for query in ["e", "a", "kiwi", "sync", "files"] {
      for result in try index.search(query, limit: 500) {
        #expect(result.url.isFileURL && result.url.path.hasPrefix(root))
        #expect(pages.contains(URL(fileURLWithPath: result.url.path)))
      }
    }
    #expect(try index.search("e", limit: 2).count == 2)
  }

  @Test func buildsOffTheMainThreadAndWithAFiveMegabytePage() async throws {
    let folder = try TestBook.make()
    defer { folder.remove() }
    var huge = "<title>Huge</title>"
    while huge.utf8.count < 5 << 20 { huge += "<h2>Part</h2><p>Filler text about nothing in particular, again.</p>\n" }
    try folder.write("C/huge.html", huge + "<h2 id=\"tail\">Tail</h2><p>needleattheend</p>")
    let book = try HelpBook(folder: folder.url, languages: [])
    let index = try await SearchIndex.build(book: book)
    #expect(index.pageCount == 7)
    let result = try #require(try index.search("needleattheend").first)
    #expect(result.pageID == "huge" && result.sectionID == "tail")
    // Searches from several tasks at once share the one connection safely.
    let counts = try await withThrowingTaskGroup(of: Int.self) { group in
      for _ in 0..<8 { group.addTask { try index.search("kiwi").count } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(counts == Array(repeating: 2, count: 8), "kiwi's page and fruit's")
  }

  @Test func cancelledBuildStops() async throws {
    let folder = try TestBook.make()
    defer { folder.remove() }
    let book = try HelpBook(folder: folder.url, languages: [])
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await SearchIndex.build(book: book)
    }
    let error = await #expect(throws: LoadError.self) { try await task.value }
    #expect(error?.details?.contains("cancelled") == true)
    // The stop flag that cancelling sets stops the page workers.
    let stop = StopFlag()
    stop.set()
    let stopped = #expect(throws: LoadError.self) { try SearchIndex(book: book, stop: stop) }
    #expect(stopped?.details?.contains("cancelled") == true)
  }
}
