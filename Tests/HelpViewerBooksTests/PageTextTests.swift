import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// Page text through libxml2: title, sections and their ids, what is left out, and pages that
/// are broken, huge or not HTML at all.
@Suite struct PageTextTests {
  func text(_ html: String) -> PageText { PageText(html: Array(html.utf8)) }

  @Test func titleAndSections() {
    let page = text(
      """
      <html><head><title>  Syncing
      Files </title></head><body>
      <p>Intro text.</p>
      <h2 id="conflicts">Conflicts</h2><p>Both   copies
      are kept.</p>
      <a name="offline"></a><h2>Working offline</h2><p>Wait.</p>
      <section id="resume"><div><h3>Résumé</h3></div><p>List.</p></section>
      <h3><code>fs.readFileSync</code><a href="#rfs" id="rfs">#</a></h3><p>Reads.</p>
      <h4>No id</h4><p>x</p><h5 id="h5">Small heading</h5><p>stays in the h5 section</p>
      </body></html>
      """)
    #expect(page.title == "Syncing Files")
    #expect(
      page.sections.map(\.heading) == [
        "", "Conflicts", "Working offline", "Résumé", "fs.readFileSync", "No id", "Small heading",
      ])
    #expect(page.sections.map(\.id) == [nil, "conflicts", "offline", "resume", "rfs", nil, "h5"])
    #expect(page.sections.map(\.level) == [0, 2, 2, 3, 3, 4, 5])
    #expect(page.sections[0].body == "Intro text.")
    #expect(page.sections[1].body == "Both copies are kept.")
    #expect(page.sections[5].body == "x")
    #expect(page.sections[6].body == "stays in the h5 section")
  }

  @Test func titleFallsBackToTheFirstH1() {
    #expect(text("<body><h2>Second</h2><h1>Main <em>title</em></h1><h1>Other</h1></body>").title == "Main title")
    #expect(text("<title></title><h1>Heading</h1>").title == "Heading")
    #expect(text("<p>no title</p>").title == "")
  }

  @Test func chromeScriptsAndHiddenTextAreLeftOut() {
    let page = text(
      """
      <html><head><title>T</title><script>var scriptword = 1;</script><style>.styleword{}</style></head><body>
      <header>bannerword</header><nav>navword</nav><div role="navigation">roleword</div>
      <div class="x toc">tocword</div><ul class="breadcrumbs"><li>crumbword</li></ul>
      <p hidden>hiddenword</p><span aria-hidden="true">ariaword</span><noscript>noscriptword</noscript>
      <template>templateword</template><button>buttonword</button><svg><text>svgword</text></svg>
      <article><header><h1 id="kept">Kept</h1></header><p>visible <b>bold</b>text</p>
      <footer>articlefooterword</footer></article>
      <script>document.write("<p>injectedword</p>")</script>
      <footer>pagefooterword</footer>
      </body></html>
      """)
    let all = page.sections.map { $0.heading + " " + $0.body }.joined(separator: " ")
    for word in [
      "scriptword", "styleword", "bannerword", "navword", "roleword", "tocword", "crumbword", "hiddenword", "ariaword",
      "noscriptword", "templateword", "buttonword", "svgword", "injectedword", "pagefooterword",
    ] {
      #expect(!all.contains(word), "\(word) is left out")
    }
    #expect(page.sections.map(\.heading) == ["Kept"])
    #expect(page.sections[0].body == "visible boldtext\narticlefooterword")
  }

  @Test func brokenHTMLIsReadAsBrowsersDo() {
    let page = text(
      "<title>Broken<body><p>one <b>two <i>three</div> four <h2 id=x>Head<p>after &amp; &lt;tag&gt; &bogus; <p")
    #expect(page.title == "Broken")
    #expect(page.sections.first?.body.contains("one two three four") == true)
    #expect(page.sections.last?.id == "x")
    #expect(page.sections.last?.body.hasPrefix("after & <tag>") == true)
    // Not HTML at all, and nothing.
    _ = PageText(html: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
    #expect(PageText(html: []).sections.isEmpty)
    #expect(text("\u{E000}marker\u{E001} text").sections.first?.body == "marker text", "snippet markers are dropped")
  }

  @Test func deepNestingDoesNotExhaustTheStack() {
    let depth = 50_000
    let html = "<title>Deep</title>" + String(repeating: "<div><span>", count: depth) + "bottomword"
    let page = text(html)
    #expect(page.title == "Deep")
    _ = page.sections.first?.body.contains("bottomword")  // libxml2 may cut the depth; it must not crash.
  }

  @Test func fiveMegabytePage() throws {
    var html = "<html><head><title>Huge</title></head><body>"
    let paragraph = "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p>\n"
    var index = 0
    while html.utf8.count < 5 << 20 {
      if index % 500 == 0 { html += "<h2 id=\"s\(index)\">Section \(index)</h2>" }
      html += paragraph
      index += 1
    }
    html += "<h2 id=\"end\">The end</h2><p>lastwordofhugepage</p></body></html>"
    let start = ContinuousClock.now
    let page = text(html)
    let elapsed = ContinuousClock.now - start
    #expect(page.title == "Huge")
    #expect(page.sections.last?.id == "end" && page.sections.last?.body == "lastwordofhugepage")
    #expect(page.sections.count > 100)
    #expect(elapsed < .seconds(20), "5 MB parsed in \(elapsed)")
  }

  @Test func tooLargeFilesAreRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.url.appendingPathComponent("big.html")
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: UInt64(PageText.maximumSize + 1))
    try handle.close()
    let error = #expect(throws: LoadError.self) { try PageText(contentsOf: file) }
    #expect(error?.kind == .cannotShowContent)
    #expect(throws: LoadError.self) { try PageText(contentsOf: folder.url.appendingPathComponent("missing.html")) }
  }
}
