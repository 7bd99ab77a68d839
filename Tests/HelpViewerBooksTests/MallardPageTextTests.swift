import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// A Mallard page's searchable text, read from its source (`MallardPageText`): no stylesheets
/// needed, the same title, desc, sections and ids the rendered page has, and nothing from outside
/// the book.
@Suite struct MallardPageTextTests {
  /// The text of a one-page book whose `topic.page` is `page` (a whole `<page>` element, with the
  /// Mallard namespace as default; `prolog` before it).
  func text(_ page: String, prolog: String = "", files: [String: String] = [:]) throws -> (PageText, TemporaryFolder) {
    let folder = try TemporaryFolder()
    try folder.write(
      "book/C/index.page", #"<page xmlns="http://projectmallard.org/1.0/" id="index"><title>Index</title></page>"#)
    try folder.write("book/C/topic.page", #"<?xml version="1.0"?>"# + "\n" + prolog + "\n" + page)
    for (path, text) in files { try folder.write(path, text) }
    let book = try HelpBook(folder: folder.url.appendingPathComponent("book"), languages: [])
    return (try book.page(id: "topic").text(), folder)
  }

  static let topic = """
    <page xmlns="http://projectmallard.org/1.0/" xmlns:its="http://www.w3.org/2005/11/its"
      xmlns:if="http://projectmallard.org/if/1.0/" xmlns:ui="http://projectmallard.org/ui/1.0/"
      type="topic" id="topic">
      <info>
        <link type="guide" xref="index"/>
        <title type="text">Info title, not shown</title>
        <credit><name>Ann Author</name></credit>
        <desc>Set up the <gui>printer</gui> quickly.</desc>
        <its:rules version="1.0"><its:translateRule selector="//x" translate="no"/></its:rules>
      </info>
      <title>Set up a <app>printer</app></title>
      <p>Press <keyseq><key>Ctrl</key><key>P</key></keyseq> to <em>print</em>.</p>
      <comment><p>A reviewer's note.</p></comment>
      <steps>
        <item><p>Open <guiseq><gui>Settings</gui><gui>Printers</gui></guiseq>.</p></item>
        <item><p>Run <cmd>lpstat</cmd> or <code>lpq</code>.</p></item>
      </steps>
      <code>lpadmin -p office</code>
      <media type="image" src="figures/printer.png"><p>Media fallback text.</p></media>
      <ui:thumb src="x.png">Thumb text.</ui:thumb>
      <if:choose><if:when test="platform:gnome-classic"><p>Classic way.</p></if:when>
        <if:else><p>Usual way.</p></if:else></if:choose>
      <p>See <link xref="index"/>, <link xref="topic#deeper"/> and <link xref="missing"/>.</p>
      <note style="tip"><title>Tip title</title><p>Tip text.</p></note>
      <table><tr><td><p>Cell one</p></td><td><p>Cell two</p></td></tr></table>
      <section id="trouble">
        <title>Trouble<comment>hidden</comment></title>
        <info><desc>Section desc, not shown.</desc></info>
        <p>Check the cable.</p>
        <section id="deeper"><title>Deeper</title><p>Still stuck.</p>
          <section id="d3"><title>D3</title><section id="d4"><title>D4</title>
            <section id="d5"><title>D5</title><section id="d6"><title>D6</title><p>Deepest.</p></section>
          </section></section></section>
        </section>
      </section>
      <links type="seealso"><title>See also</title></links>
    </page>
    """

  @Test func titleDescSectionsAndIds() throws {
    let (text, folder) = try text(Self.topic)
    defer { folder.remove() }
    #expect(text.title == "Set up a printer", "the page's own title, not the info's")
    #expect(text.sections.map(\.heading) == ["Set up a printer", "Trouble", "Deeper", "D3", "D4", "D5", "D6"])
    #expect(text.sections.map(\.id) == [nil, "trouble", "deeper", "d3", "d4", "d5", "d6"])
    #expect(text.sections.map(\.level) == [1, 2, 3, 4, 5, 6, 6], "levels are capped at 6")
    let body = text.sections[0].body
    #expect(body.hasPrefix("Set up the printer quickly.\nPress Ctrl+P to print."), "\(body)")
    #expect(text.sections[1].body == "Check the cable.")
    #expect(text.sections[6].body == "Deepest.")
  }

  @Test func blocksAreSeparatedAndInlineTextJoined() throws {
    let (text, folder) = try text(Self.topic)
    defer { folder.remove() }
    let lines = text.sections[0].body.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "Set up the printer quickly.", "Press Ctrl+P to print.", "Open Settings ▸ Printers.", "Run lpstat or lpq.",
        "lpadmin -p office", "Usual way.", "See Index, Deeper and .", "Tip title", "Tip text.", "Cell one", "Cell two",
      ], "\(lines)")
  }

  @Test func infoCommentsMediaLinksAndForeignElementsAreLeftOut() throws {
    let (text, folder) = try text(Self.topic)
    defer { folder.remove() }
    let all = text.title + "\n" + text.sections.map { $0.heading + "\n" + $0.body }.joined(separator: "\n")
    for hidden in [
      "Info title", "Ann Author", "reviewer", "Media fallback", "Thumb text", "hidden", "Section desc", "See also",
      "translateRule", "Classic way",
    ] {
      #expect(!all.contains(hidden), "\(hidden)")
    }
  }

  @Test func ofAConditionalChoiceOnlyTheDefaultBranchIsKept() throws {
    let page = """
      <page xmlns="http://projectmallard.org/1.0/" xmlns:if="http://projectmallard.org/if/1.0/" id="topic">
        <title>T</title>
        <if:choose><if:when test="platform:gnome-classic"><p>Classic.</p></if:when>
          <if:when test="action:install !platform:gnome-classic"><p>Standard.</p></if:when>
          <if:else><p>Else.</p></if:else></if:choose>
        <if:choose><if:when test="target:html"><p>HTML.</p></if:when><if:else><p>Other.</p></if:else></if:choose>
        <if:choose><if:when test="platform:unity+!target:html"><p>Unity.</p></if:when></if:choose>
        <if:if test="action:install"><p>Install it.</p></if:if>
      </page>
      """
    let (text, folder) = try text(page)
    defer { folder.remove() }
    #expect(text.sections.first?.body == "Standard.\nHTML.\nInstall it.")
  }

  @Test func emptyLinksReadTheirTargetsTitlesOnlySoOften() throws {
    let count = MallardPageText.maximumLinkTargets + 6
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let sections = (1...count).map { #"<section id="s\#($0)"><title>Part\#($0)x</title></section>"# }.joined()
    try folder.write(
      "C/index.page",
      #"<page xmlns="http://projectmallard.org/1.0/" id="index"><title>Index</title>\#(sections)</page>"#)
    let links = (1...count).map { #"<link xref="index#s\#($0)"/>"# }.joined(separator: " ")
    try folder.write(
      "C/topic.page",
      #"<page xmlns="http://projectmallard.org/1.0/" id="topic"><title>T</title><p>\#(links)</p></page>"#)
    let book = try HelpBook(folder: folder.url, languages: [])
    let body = try book.page(id: "topic").text().sections.first?.body ?? ""
    #expect(body.hasPrefix("Part1x Part2x"), "\(body)")
    #expect(body.contains("Part\(MallardPageText.maximumLinkTargets)x"))
    #expect(!body.contains("Part\(MallardPageText.maximumLinkTargets + 1)x"))
  }

  @Test func prefixesDoNotMatterOnlyTheNamespace() throws {
    let page = """
      <m:page xmlns:m="http://projectmallard.org/1.0/" xmlns:o="urn:other" id="topic">
        <m:title>Prefixed</m:title><m:p>Shown <o:p>foreign</o:p></m:p><o:title>Not a title</o:title>
        <m:section id="s"><m:title>Part</m:title><m:p>Inside.</m:p></m:section>
      </m:page>
      """
    let (text, folder) = try text(page)
    defer { folder.remove() }
    #expect(text.title == "Prefixed")
    #expect(text.sections.map(\.body) == ["Shown", "Inside."])
    #expect(text.sections.last?.id == "s" && text.sections.last?.heading == "Part")
  }

  @Test func aPageThatIsNotMallardHasNoText() throws {
    let (text, folder) = try text("<html><title>Other</title><p>Not Mallard.</p></html>")
    defer { folder.remove() }
    #expect(text.title.isEmpty && text.sections.isEmpty)
  }

  @Test func anXIncludeInsideTheBookIsIncluded() throws {
    let page = """
      <page xmlns="http://projectmallard.org/1.0/" xmlns:xi="http://www.w3.org/2001/XInclude" id="topic">
        <title>T</title><p>Before <xi:include href="part.txt" parse="text"/> after.</p>
      </page>
      """
    let (text, folder) = try text(page, files: ["book/C/part.txt": "INCLUDED"])
    defer { folder.remove() }
    #expect(text.sections.first?.body == "Before INCLUDED after.")
  }

  // MARK: - Hostile pages

  /// Whether `text` holds the secret or `/etc/passwd`'s first line.
  func leaks(_ text: PageText, secret: String) -> Bool {
    let all = text.title + text.sections.map { $0.heading + $0.body }.joined()
    return all.contains(secret) || all.contains("root:x:0:0")
  }

  @Test func xincludeOfAFileOutsideTheBookAddsNothing() throws {
    let secret = "TOP-SECRET-\(UUID().uuidString)"
    for target in ["/etc/passwd", "SECRET", "../../outside/secret.txt", "file:///etc/passwd"] {
      for parse in ["text", "xml"] {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let secretFile = try folder.write("outside/secret.txt", secret)
        let href = target == "SECRET" ? secretFile.path : target
        try folder.write(
          "book/C/index.page",
          """
          <page xmlns="http://projectmallard.org/1.0/" xmlns:xi="http://www.w3.org/2001/XInclude" id="index">
          <title>Index</title><p><xi:include href="\(href)" parse="\(parse)"/></p><p>After.</p></page>
          """)
        let book = try HelpBook(folder: folder.url.appendingPathComponent("book"), languages: [])
        let text = try book.page(id: "index").text()
        #expect(!leaks(text, secret: secret), "\(target) \(parse)")
        #expect(text.sections.first?.body == "After.", "\(target) \(parse): the page is still read")
      }
    }
  }

  @Test func externalEntitiesAddNothing() throws {
    let secret = "TOP-SECRET-\(UUID().uuidString)"
    for target in ["/etc/passwd", "SECRET", "http://127.0.0.1:9/x"] {
      let outside = try TemporaryFolder()
      defer { outside.remove() }
      let secretFile = try outside.write("secret.txt", secret)
      let system = target == "SECRET" ? secretFile.absoluteString : target
      do {
        let (text, folder) = try text(
          #"<page xmlns="http://projectmallard.org/1.0/" id="topic"><title>T</title><p>&leak;</p><p>After.</p></page>"#,
          prolog: #"<!DOCTYPE page [<!ENTITY leak SYSTEM "\#(system)">]>"#)
        folder.remove()
        #expect(!leaks(text, secret: secret), "\(target)")
      } catch let error as LoadError {
        #expect(error.kind == .cannotShowContent, "\(target)")
      }
    }
  }

  @Test func billionLaughsEndsQuicklyWithLittleText() throws {
    var entities = #"<!ENTITY lol "lol">"#
    for level in 1...10 {
      let previous = level == 1 ? "lol" : "lol\(level - 1)"
      entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
    }
    let start = Date()
    do {
      let (text, folder) = try text(
        #"<page xmlns="http://projectmallard.org/1.0/" id="topic"><title>T</title><p>&lol10;</p></page>"#,
        prolog: "<!DOCTYPE page [\(entities)]>")
      folder.remove()
      #expect(text.sections.map(\.body.count).reduce(0, +) < 5_000_000)
    } catch let error as LoadError {
      #expect(error.kind == .cannotShowContent)
    }
    #expect(Date().timeIntervalSince(start) < 10)
  }

  @Test func aNamedPipeIsNeverRead() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write(
      "book/C/index.page",
      """
      <page xmlns="http://projectmallard.org/1.0/" xmlns:xi="http://www.w3.org/2001/XInclude" id="index">
      <title>Index</title><p><xi:include href="pipe.txt" parse="text"/>After.</p></page>
      """)
    #expect(mkfifo(folder.url.appendingPathComponent("book/C/pipe.txt").path, 0o600) == 0)
    #expect(mkfifo(folder.url.appendingPathComponent("book/C/fifo.page").path, 0o600) == 0)
    let book = try HelpBook(folder: folder.url.appendingPathComponent("book"), languages: [])
    #expect(try book.page(id: "index").text().sections.first?.body == "After.", "the include is dropped")
    let error = #expect(throws: LoadError.self) { try book.page(id: "fifo").text() }
    #expect(error?.kind == .cannotShowContent)
  }

  @Test func brokenPagesAreErrors() throws {
    for source in ["", "<page", "\u{0}\u{1}binary"] {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      try folder.write("C/index.page", source)
      let book = try HelpBook(folder: folder.url, languages: [])
      let error = #expect(throws: LoadError.self) { try book.indexPage().text() }
      #expect(error?.kind == .cannotShowContent, "\(source)")
    }
  }

  // MARK: - The fixture book

  @Test func theFixtureBooksTextNeedsNoStylesheets() throws {
    let missing = URL(fileURLWithPath: "/nonexistent/yelp-xsl-\(UUID().uuidString)")
    let book = try HelpBook(folder: MallardBookTests.fixture, languages: [], stylesheets: missing)
    let sync = try book.page(id: "sync").text()
    #expect(sync.title == "Synchronize notes")
    #expect(sync.sections.map(\.id) == [nil, "conflicts"])
    #expect(
      sync.sections.first?.body
        == "Keep notes the same on every computer.\nNotes synchronizes through your account.\nThe sync button")
    #expect(sync.sections.last?.body == "When two computers change a note, the newer wins.\nnotes --sync --force")
    let index = try SearchIndex(book: book)
    #expect(try index.search("newer", limit: 5).first?.pageID == "sync")
    #expect(try index.search("friend", limit: 5).contains { $0.pageID == "share" }, "the desc is searched")
    #expect(try index.search("conflicts", limit: 5).contains { $0.pageID == "sync" && $0.sectionID == "conflicts" })
    let german = try HelpBook(folder: MallardBookTests.fixture, languages: ["de"], stylesheets: missing)
    #expect(try german.page(id: "sync").text().sections.contains { $0.id == "conflicts" })
  }
}
