import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// Search that finds what people mean (issue 32), on a small manual written here: words spread
/// over a page's sections, a page of many matching sections, a page whose title names the words
/// beside one that only mentions them, an API reference in Sphinx's markup, and words the book
/// does not hold in the form typed.
@Suite struct SearchPageRulesTests {
  func makeBook() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("C/index.html", TestBook.page("Manual", "<h1>Manual</h1><p>Start here. Change what you like.</p>"))
    try folder.write(
      "C/account.html",
      TestBook.page(
        "Your account",
        """
        <h2 id="name">Name</h2><p>Change the name people see.</p>
        <h2 id="secret">Password</h2><p>A password keeps the account safe. Pick a long password.</p>
        """))
    try folder.write(
      "C/replace.html",
      TestBook.page(
        "Search and replace",
        """
        <h1>Search and replace</h1><p>Replace one word with another, to change it.</p>
        <h2>Replace all</h2><p>Replace every match at once.</p>
        <h2>Replace one by one</h2><p>Replace and go on.</p>
        <h2 id="undo-replace">Undo a replace</h2><p>Undo takes back the last replace.</p>
        <h2 id="case">Match case</h2><p>Case matters when you replace.</p>
        """))
    try folder.write(
      "C/wireless.html",
      TestBook.page(
        "Connect to a wireless network",
        """
        <p>Open the system menu on the right side of the top bar. Choose the name of the network you
        want from the list that opens. If the network has a password, type it, and press the
        button that opens the connection. The menu then shows the name of the network in use.</p>
        """))
    try folder.write(
      "C/troubleshoot.html",
      TestBook.page(
        "Troubleshooting",
        """
        <h2 id="drivers">Wireless network connect problems</h2>
        <p>Connect the wireless network adapter again.</p>
        """))
    try folder.write(
      "C/os.html",
      TestBook.page(
        "os — Operating system interfaces",
        """
        <h1>os — Operating system interfaces</h1>
        <section id="files"><h2>Files and directories</h2>
        <p>Functions on files and directories.</p>
        <dl class="py function"><dt class="sig sig-object py" id="os.walk">os.<span>walk</span>(top)</dt>
        <dd><p>Generate the file names in a directory tree.</p></dd></dl>
        <dl class="py function"><dt class="sig sig-object py" id="os.listdir">os.<span>listdir</span>(path)</dt>
        <dd><p>Return the names of the entries in a directory.</p></dd></dl>
        <p>Text after the definitions, about directories again.</p></section>
        """))
    try folder.write(
      "C/tutorial.html",
      TestBook.page(
        "Tutorial",
        "<p>To walk a tree, os.walk walks it: walk, walk, walk with os.walk and walk again.</p>"))
    try folder.write(
      "C/disk.html",
      TestBook.page(
        "Disk usage",
        "<p>A scan may take a long time on a large disk. Stop the scan to take it up later.</p>"))
    try folder.write(
      "C/processes.html",
      TestBook.page(
        "subprocess — Subprocess management",
        "<p>The subprocess module starts new subprocesses. A subprocess runs a program.</p>"))
    try folder.write(
      "C/printing.html",
      TestBook.page(
        "Convert to PostScript", "<p>Print to a PostScript file. Report problems to the team. The list is wide.</p>"
      ))
    return folder
  }

  func index() throws -> (SearchIndex, TemporaryFolder) {
    let folder = try makeBook()
    return (try SearchIndex(book: HelpBook(folder: folder.url, languages: [])), folder)
  }

  @Test func wordsSpreadOverAPageStillFindIt() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    // No section holds "change" and "password", and "my" is nowhere in the book.
    let answer = try index.answer("change my password")
    #expect(answer.results.first?.pageID == "account", "\(answer.results.map(\.pageID))")
    #expect(answer.correctedQuery == nil, "nothing to correct: “my” is a stop word")
    let best = try #require(answer.results.first)
    #expect(best.sectionID == "secret", "the section holding the rarer word shows it")
    #expect(best.otherSections.map(\.sectionID) == ["name"])
    // Some words only: the page holding the rarest first.
    #expect(try index.search("password qqqzzz").first?.pageID == "account")
    // Nothing but stop words and words the book lacks: nothing.
    #expect(try index.search("qqqzzz wwwkkk").isEmpty)
    #expect(try index.search("my qqqzzz").isEmpty, "a stop word alone finds nothing beside a rare word")
  }

  @Test func eachPageIsListedOnceWithItsOtherSections() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    let results = try index.search("replace")
    #expect(results.map(\.pageID) == ["replace"], "\(results.map(\.pageID))")
    let entry = try #require(results.first)
    #expect(entry.otherSections.count == 4, "\(entry.otherSections.map(\.heading))")
    #expect(Set(results.map(\.url)).count == results.count)
    let html = Localization.withLanguages([]) { SearchResultsPage.html(query: "replace", results: results) }
    #expect(html.components(separatedBy: "</li>\n").count - 1 == 1, "one entry")
    // The other sections with ids of their own are linked; those without would share the
    // page's address, so they are named without a link.
    #expect(html.contains("<details><summary>4 more matching sections</summary>"), "\(html)")
    #expect(html.contains("#undo-replace\">Undo a replace</a>") && html.contains("#case\">Match case</a>"), "\(html)")
    #expect(html.contains("<li>Replace all</li>") && html.contains("<li>Replace one by one</li>"), "\(html)")
    let hrefs = html.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(Set(hrefs).count == hrefs.count, "no address twice: \(hrefs)")
  }

  @Test func aTitleNamingTheWordsBeatsAMention() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    let results = try index.search("connect wireless network")
    #expect(results.map(\.pageID) == ["wireless", "troubleshoot"], "\(results.map(\.pageID))")
    // bm25 alone prefers the page repeating the words.
    #expect(try plainFirstPage(index, "connect wireless network") == "troubleshoot")
  }

  @Test func anAPINameRanksTheSectionDefiningItFirst() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    let walk = try #require(try index.search("os.walk").first)
    #expect(walk.pageID == "os" && walk.sectionID == "os.walk" && walk.heading == "os.walk(top)", "\(walk)")
    #expect(try index.search("listdir").first?.sectionID == "os.listdir")
    // The page's text: each definition a section, and the text after them back in its section.
    let text = try HelpBook(folder: folder.url, languages: []).page(id: "os").text()
    #expect(
      text.sections.map(\.id) == [nil, "files", "os.walk", "files", "os.listdir", "files"], "\(text.sections.map(\.id))"
    )
    #expect(text.sections.last?.body.contains("Text after the definitions") == true)
    #expect(text.sections[2].body == "Generate the file names in a directory tree.")
  }

  @Test func correctionsLeaveRealWordsAlone() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    // "takes" is not in the book, "take" is: searched by its stem, no correction shown; "too"
    // is a stop word.
    let scan = try index.answer("scan takes too long")
    #expect(scan.correctedQuery == nil && scan.results.first?.pageID == "disk", "\(scan)")
    // A real word the book lacks is not replaced by one a letter or two away.
    let export = try index.answer("export to postscript")
    #expect(export.correctedQuery == nil, "not “report”: \(export.correctedQuery ?? "")")
    #expect(export.results.first?.pageID == "printing")
    #expect(try index.answer("hide the list").correctedQuery == nil, "not “wide”")
    // A slip of the keyboard beside a real word is still corrected.
    #expect(try index.answer("pasword name").correctedQuery == "password name")
    #expect(try index.answer("walk").correctedQuery == nil, "a word of the book is never corrected")
  }

  @Test func aLongerWordOfTheSameStemIsOffered() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    let answer = try index.answer("subproces")
    #expect(answer.correctedQuery == "subprocess", "a prefix of “subprocess”, but one letter short of it")
    #expect(answer.results.first?.pageID == "processes")
    #expect(try index.answer("subproc").correctedQuery == nil, "a prefix a person is typing stays a prefix")
    #expect(try index.answer("subproces", correcting: false).results.first?.pageID == "processes")
  }

  /// The page of the first section for `text` by plain bm25 (weights, no tiers).
  func plainFirstPage(_ index: SearchIndex, _ text: String) throws -> String? {
    let match = try #require(SearchQuery.match(for: text))
    return try index.connection.withLock { connection throws in
      let statement = try connection.prepare("SELECT page FROM sections WHERE sections MATCH ?1 ORDER BY rank LIMIT 1")
      try statement.bind(match, at: 1)
      return try statement.step() ? statement.text(at: 0) : nil
    }
  }
}
