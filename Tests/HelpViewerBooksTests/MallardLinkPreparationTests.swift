import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// Pages a shown Mallard page links to are rendered ahead of a click, behind whatever a viewer
/// asks for; the pages kept are the most recently used.
///
/// Their time limits are hang guards: under AddressSanitizer, in the whole suite on a loaded
/// 2-core machine, a render takes about 0.4 s and the two render tests took 39 and 45 s.
@Suite struct MallardLinkPreparationTests {
  static var hasYelpXSL: Bool { MallardThreadsTests.hasYelpXSL }

  /// A Mallard book: an index guide with `topics` topic pages under it, and a page no link
  /// reaches (`orphan`).
  static func book(topics: Int) throws -> (TemporaryFolder, HelpBook) {
    let folder = try TemporaryFolder()
    try folder.write(
      "C/index.page",
      """
      <page xmlns="http://projectmallard.org/1.0/" type="guide" id="index">
      <title>Linked Help</title><section id="all"><title>All</title></section></page>
      """)
    for number in 1...topics {
      try folder.write(
        "C/topic-\(number).page",
        """
        <page xmlns="http://projectmallard.org/1.0/" type="topic" id="topic-\(number)">
        <info><link type="guide" xref="index#all"/></info>
        <title>Topic \(number)</title><p>Text of topic \(number).</p></page>
        """)
    }
    try folder.write(
      "C/orphan.page",
      """
      <page xmlns="http://projectmallard.org/1.0/" type="topic" id="orphan">
      <title>Orphan</title><p>No page links here.</p></page>
      """)
    return (folder, try HelpBook(folder: folder.url, languages: []))
  }

  /// Waits until `renderer` has no linked page waiting; fails when 20 s pass with no page
  /// rendered (none kept anew) (a stall, not a slow machine: under AddressSanitizer, with the other suites
  /// rendering on the same queue, 16 linked pages took longer than 20 s). It looks every 10 ms:
  /// a loop of `Task.yield()` kept one of two cores busy, away from the renders it waited for.
  static func waitForLinks(of renderer: MallardRenderer) async throws {
    var rendered = Set(renderer.keptPages)
    var deadline = Date().addingTimeInterval(20)
    while renderer.isPreparingLinks {
      if Set(renderer.keptPages) != rendered {
        rendered = Set(renderer.keptPages)
        deadline = Date().addingTimeInterval(20)
      }
      guard Date() < deadline else { throw LinksStalled(rendered: rendered) }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// No linked page was rendered for 20 s while some waited.
  struct LinksStalled: Error, CustomStringConvertible {
    var rendered: Set<MallardRenderer.KeptPage>
    var description: String { "no linked page rendered for 20 s; rendered so far: \(rendered)" }
  }

  @Test func renderedLinksNameTheBooksPagesOnceInOrder() {
    let html = Data(
      """
      <a href="sync.html#conflicts">x</a> <a href="share.html">y</a> <a href="sync.html">again</a>
      <a href="help:gnome-help/files">other book</a> <a href="https://example.org/a.html">web</a>
      <a href="figures/page.html">folder</a> <a href="#top">here</a> <a href="note%20s.html">spaced</a>
      <a href=".search.html">dot</a> <a href="style.css">css</a> <a href="
      """.utf8)
    #expect(RenderedLinks.pageIDs(in: html) == ["sync", "share", "note s"])
    #expect(RenderedLinks.pageIDs(in: html, limit: 1) == ["sync"])
    #expect(RenderedLinks.pageIDs(in: Data()) == [])
  }

  @Test func eachLinkIsLookedUpOnceAndAPageThatWentIsSkipped() {
    // A book whose files go while its links are chosen: each id is found only the first time
    // it is asked for. A lazy compactMap asked twice and trapped on the second answer.
    var asked: [String] = []
    let lookup: (String) -> String? = { id in
      defer { asked.append(id) }
      return asked.contains(id) || id == "gone" ? nil : id
    }
    let kept: Set<String> = ["kept"]
    let pages = RenderedLinks.pages(["a", "gone", "kept", "b", "c"], limit: 2, lookup: lookup) { kept.contains($0) }
    #expect(pages == ["a", "b"])
    #expect(asked == ["a", "gone", "kept", "b"], "each id once, none after the limit")
  }

  @Test(.enabled(if: hasYelpXSL), .timeLimit(.minutes(3)))
  func theLinkedPagesAreRenderedAfterAViewersRequest() async throws {
    let (folder, book) = try Self.book(topics: 5)
    defer { folder.remove() }
    let renderer = MallardRenderer()  // Of its own: other tests render with the shared one.
    let index = try book.page(id: "index")
    let indexHTML = String(decoding: try await renderer.html(of: index, in: book), as: UTF8.self)
    #expect(indexHTML.contains("topic-5.html"))
    #expect(renderer.keptPages.map(\.id) == ["index"])

    // The index is shown: its links start rendering; a viewer then asks for a page they do not
    // include, which waits for one linked page at most, and the others are dropped.
    renderer.prepareLinks(of: index, in: book)
    let orphan = try book.page(id: "orphan")
    #expect(try await renderer.html(of: orphan, in: book).isEmpty == false)
    try await Self.waitForLinks(of: renderer)
    // Kept in the order rendered (none of them used since): the first link rendered ahead of it
    // or, asked for before its links were read, none.
    let order = renderer.keptPages.map(\.id)
    #expect(order.count <= 3 && order.last == "orphan", "the request went ahead of the links waiting: \(order)")
    // Shown again, the index renders the links that are not kept yet.
    renderer.prepareLinks(of: index, in: book)
    try await Self.waitForLinks(of: renderer)
    #expect(Set(renderer.keptPages.map(\.id)) == Set(["index", "orphan"] + (1...5).map { "topic-\($0)" }))
    for number in 1...5 {
      let page = try book.page(id: "topic-\(number)")
      #expect(Nonces.removed(renderer.keptHTML(of: page, in: book)) == Nonces.removed(try page.html()))
    }
    // A click then finds its page kept: nothing is rendered again (each keeps its nonce).
    let kept = Set(renderer.keptPages)
    #expect(kept.count == 7)
    _ = try await renderer.html(of: book.page(id: "topic-3"), in: book)
    #expect(Set(renderer.keptPages) == kept)
    // A topic's own links (its guide, kept) render nothing new.
    renderer.prepareLinks(of: try book.page(id: "topic-3"), in: book)
    try await Self.waitForLinks(of: renderer)
    #expect(Set(renderer.keptPages) == kept)
  }

  @Test(.enabled(if: hasYelpXSL), .timeLimit(.minutes(3)))
  func onlyTheFirstLinksAreRenderedAndThePagesShownStayKept() async throws {
    let topics = MallardRenderer.keptPages + 4
    let (folder, book) = try Self.book(topics: topics)
    defer { folder.remove() }
    let renderer = MallardRenderer()
    let index = try book.page(id: "index")
    _ = try await renderer.html(of: index, in: book)
    renderer.prepareLinks(of: index, in: book)
    try await Self.waitForLinks(of: renderer)
    let prepared = renderer.keptPages.map(\.id)
    #expect(prepared.count == 1 + MallardRenderer.preparedLinks, "\(prepared)")
    #expect(Set(prepared).count == prepared.count && prepared.dropFirst().allSatisfy { $0.hasPrefix("topic-") })

    // Pages shown one after another, the index among them again and again: it stays kept while
    // more pages than are kept pass through.
    for number in 1...topics {
      _ = try await renderer.html(of: book.page(id: "topic-\(number)"), in: book)
      _ = try await renderer.html(of: index, in: book)
    }
    #expect(renderer.keptHTML(of: index, in: book) != nil)
    #expect(renderer.keptHTML(of: try book.page(id: "topic-1"), in: book) == nil, "the least recently used went")
    let kept = renderer.keptPages
    _ = try await renderer.html(of: index, in: book)
    #expect(renderer.keptPages == kept, "the index was not rendered again")
  }

  @Test(.enabled(if: hasYelpXSL)) func aPageThatFailedToRenderPreparesNothing() async throws {
    let (folder, book) = try Self.book(topics: 2)
    defer { folder.remove() }
    try folder.write("C/broken.page", "<page xmlns=\"http://projectmallard.org/1.0/\" id=\"broken\"><title>")
    let renderer = MallardRenderer()
    let broken = try book.page(id: "broken")
    await #expect(throws: LoadError.self) { try await renderer.html(of: broken, in: book) }
    renderer.prepareLinks(of: broken, in: book)
    try await Self.waitForLinks(of: renderer)
    #expect(renderer.keptPages.isEmpty)
  }
}
