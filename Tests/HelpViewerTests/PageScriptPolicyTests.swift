import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer
@testable import HelpViewerBooks

/// Help pages run only the viewer's own scripts (issue 31): every way a script can hide in a
/// Mallard page runs nothing while yelp-xsl's own scripts still work; an HTML book keeps to its
/// own origin unless the host names more; a page from the network reaches no local content.
final class PageScriptPolicyTests: GtkTestCase {
  static var hasYelpXSL: Bool { MallardViewerTests.hasYelpXSL }

  /// What each hostile page runs when its script gets through: the page says so in its title
  /// and on its root element.
  static let payload = "document.title='PWNED';document.documentElement.setAttribute('data-pwned','1')"

  /// A Mallard book whose index holds `body` beside an expander, with `files` beside it.
  struct HostileMallard {
    let root: URL
    let book: HelpBook

    init(_ body: String, files: [String: String] = [:]) throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("hv-hostile-\(UUID().uuidString)")
      let page = """
        <page xmlns="http://projectmallard.org/1.0/" xmlns:svg="http://www.w3.org/2000/svg"
              xmlns:ui="http://projectmallard.org/ui/1.0/" xmlns:html="http://www.w3.org/1999/xhtml"
              xmlns:xlink="http://www.w3.org/1999/xlink" type="topic" id="index">
          <title>Script Page</title><p>Hello.</p>
          \(body)
          <section id="more" ui:expanded="false"><title>More</title><p>Hidden until opened.</p></section>
        </page>
        """
      for (path, text) in files.merging(["C/index.page": page], uniquingKeysWith: { $1 }) {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
      }
      book = try HelpBook(folder: root, languages: [])
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  /// Whether the page in `webView` ran the payload (its root element says so).
  @MainActor private static func pwned(_ webView: UnsafeMutablePointer<WebKitWebView>, line: UInt = #line) -> Bool {
    evaluate("String(document.documentElement.getAttribute('data-pwned'))", in: webView, line: line) != "null"
  }

  /// yelp-xsl's expander script made the section collapsible, and opens it on a click: the
  /// page's own scripts run (and by then a hostile page's would have run too).
  @MainActor private static func assertExpanderWorks(_ webView: UnsafeMutablePointer<WebKitWebView>, line: UInt = #line)
  {
    let state = "(document.querySelector('#more') || {className: 'none'}).className"
    waitUntil("yelp-xsl's script collapsed the expander", line: line) {
      evaluate(state, in: webView, line: line)?.contains("ui-expander-c") == true
    }
    _ = evaluate(
      "document.querySelector('#more > div.inner > .hgroup, #more > div.inner > .title').click(); 'ok'", in: webView,
      line: line)
    waitUntil("the expander opened on a click", line: line) {
      evaluate(state, in: webView, line: line)?.contains("ui-expander-e") == true
    }
  }

  func testNoScriptHiddenInAMallardPageRunsAndYelpXSLsOwnDo() throws {
    try XCTSkipUnless(Self.hasYelpXSL, "yelp-xsl is not installed")
    let payload = Self.payload
    let svg = #"<svg:svg width="10" height="10""#
    let hostile: [(name: String, body: String, action: String?)] = [
      (
        "svg event attributes",
        #"\#(svg) onload="\#(payload)"><svg:rect width="9" height="9" onclick="\#(payload)"/></svg:svg>"#,
        "document.querySelector('rect').dispatchEvent(new MouseEvent('click', {bubbles: true}))"
      ),
      ("svg:script", "\(svg)><svg:script>\(payload)</svg:script></svg:svg>", nil),
      ("html:script", "<p><html:script>\(payload)</html:script></p><html:script>\(payload)</html:script>", nil),
      (
        "javascript: links",
        #"<p><link href="javascript:\#(payload)">Evil</link></p>\#(svg)><svg:a xlink:href="javascript:\#(payload)"><svg:rect width="9" height="9"/></svg:a></svg:svg>"#,
        "document.querySelectorAll('a').forEach(a => { if (String(a.href.baseVal || a.href).startsWith('javascript:')) a.dispatchEvent(new MouseEvent('click', {bubbles: true})) })"
      ),
      (
        "meta refresh", #"\#(svg)><svg:meta http-equiv="refresh" content="0; url=javascript:\#(payload)"/></svg:svg>"#,
        nil
      ),
    ]
    try onMain {
      for (name, body, action) in hostile {
        let hostileBook = try HostileMallard(body)
        defer { hostileBook.remove() }
        let dialog = HelpDialog.present(topic: "index", in: hostileBook.book)
        defer { dialog.close() }
        let viewer = dialog.viewer
        waitUntil("\(name): the page") { viewer.state.phase == .loaded && viewer.state.title != nil }
        if let action { _ = evaluate(action + "; 'ok'", in: viewer.webView) }
        Self.assertExpanderWorks(viewer.webView)
        XCTAssertFalse(Self.pwned(viewer.webView), "\(name): the page's script ran")
        XCTAssertEqual(viewer.state.title, "Script Page", name)
        XCTAssertEqual(evaluate("document.querySelector('p').textContent", in: viewer.webView), "Hello.", name)
      }
    }
  }

  func testAnSVGWithScriptInAMallardBookRunsNothingShownOrOpened() throws {
    try XCTSkipUnless(Self.hasYelpXSL, "yelp-xsl is not installed")
    let evil = """
      <svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" onload="\(Self.payload)">
      <script>\(Self.payload)</script><rect width="8" height="8" fill="red"/></svg>
      """
    try onMain {
      let hostileBook = try HostileMallard(
        #"<media type="image" src="evil.svg"/><p><link href="evil.svg">The picture</link></p>"#,
        files: ["C/evil.svg": evil])
      defer { hostileBook.remove() }
      let dialog = HelpDialog.present(topic: "index", in: hostileBook.book)
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("the page") { viewer.state.phase == .loaded && viewer.state.title != nil }
      waitUntil("the picture, shown") {
        evaluate("String(document.querySelector('img').naturalWidth)", in: viewer.webView) == "8"
      }
      Self.assertExpanderWorks(viewer.webView)
      XCTAssertFalse(Self.pwned(viewer.webView))
      // Opened on its own, the SVG is a document of the book's origin: it runs nothing either.
      _ = evaluate("document.querySelector('a[href=\"evil.svg\"]').click(); 'ok'", in: viewer.webView)
      waitUntil("the SVG, opened") { viewer.state.url?.hasSuffix("/evil.svg") == true && viewer.state.phase == .loaded }
      waitUntil("its document") {
        evaluate("document.documentElement.localName", in: viewer.webView) == "svg"
      }
      XCTAssertFalse(Self.pwned(viewer.webView), "the SVG's script ran")
    }
  }

  /// An HTML book whose index loads its own script, an inline one, and a script, a style sheet
  /// and a picture from `server`, and fetches from it and from its own origin.
  @MainActor private static func htmlBook(server: TestServer) throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hv-own-\(UUID().uuidString)")
    let remote = server.url("/").absoluteString.dropLast()
    let index = """
      <!DOCTYPE html><html><head><meta charset="utf-8"><title>Own</title>
      <script src="own.js"></script>
      <script>document.documentElement.dataset.inline = '1';</script>
      <script src="\(remote)/evil.js"></script>
      <link rel="stylesheet" href="\(remote)/evil.css">
      </head><body><p>Book.</p><img id="remote" src="\(remote)/pixel.png"><img id="own" src="pixel.png"></body></html>
      """
    let script = """
      var root = document.documentElement;
      root.dataset.own = '1';
      fetch('\(remote)/data', {mode: 'no-cors'}).then(() => { root.dataset.far = 'fetched'; },
        () => { root.dataset.far = 'failed'; });
      fetch('index.html').then(() => { root.dataset.near = 'fetched'; }, e => { root.dataset.near = 'failed'; root.dataset.nearError = String(e); });
      """
    let files: [String: Data] = [
      "C/index.html": Data(index.utf8), "C/own.js": Data(script.utf8),
      "C/pixel.png": try Data(contentsOf: MallardViewerTests.fixture.appendingPathComponent("C/figures/sync.png")),
    ]
    for (path, data) in files {
      let file = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: file)
    }
    return root
  }

  func testAnHTMLBookRunsItsOwnScriptsAndReachesNothingElseUnlessTheHostSaysSo() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      let png = try [UInt8](Data(contentsOf: MallardViewerTests.fixture.appendingPathComponent("C/figures/sync.png")))
      server.route(
        "/evil.js", .bytes(Array("document.documentElement.dataset.evil = '1';".utf8), contentType: "text/javascript"))
      server.route("/evil.css", .bytes(Array("body { color: rgb(9, 9, 9); }".utf8), contentType: "text/css"))
      server.route("/pixel.png", .bytes(png, contentType: "image/png"))
      server.route("/data", .page("data"))
      let root = try Self.htmlBook(server: server)
      defer { try? FileManager.default.removeItem(at: root) }
      let book = try HelpBook(folder: root, languages: [])
      var requested: [String] = []
      BundledScheme.onRequest = { requested.append($0) }
      let dialog = HelpDialog.present(topic: "index", in: book)
      defer { dialog.close() }
      let viewer = dialog.viewer
      let data = { (name: String) in evaluate("String(document.documentElement.dataset.\(name))", in: viewer.webView) }
      waitUntil("the book's page and its fetches") {
        viewer.state.title == "Own" && data("far") != "undefined" && data("near") != "undefined"
      }
      XCTAssertEqual(data("own"), "1", "the book's own script runs")
      XCTAssertEqual(data("inline"), "1", "and its inline script")
      XCTAssertEqual(
        data("near"), "fetched", "it fetches from its own origin: \(data("nearError") ?? "") \(requested)"
      )
      XCTAssertEqual(data("far"), "failed", "but not from another")
      XCTAssertEqual(data("evil"), "undefined", "a remote script does not run")
      waitUntil("both pictures settled") {
        evaluate(
          "String(document.getElementById('remote').complete && document.getElementById('own').complete)",
          in: viewer.webView) == "true"
      }
      XCTAssertEqual(evaluate("String(document.getElementById('own').naturalWidth)", in: viewer.webView), "4")
      XCTAssertEqual(evaluate("String(document.getElementById('remote').naturalWidth)", in: viewer.webView), "0")
      XCTAssertEqual(evaluate("getComputedStyle(document.body).color", in: viewer.webView), "rgb(0, 0, 0)")
      XCTAssertEqual(server.hits["/evil.js"] ?? 0, 0)
      XCTAssertEqual(server.hits["/evil.css"] ?? 0, 0)
      XCTAssertEqual(server.hits["/pixel.png"] ?? 0, 0)
      XCTAssertEqual(server.hits["/data"] ?? 0, 0)

      // The host names the server: the book may now load from it.
      let origin = String(server.url("/").absoluteString.dropLast())
      BundledScheme.setPagePolicy(try BundledPagePolicy(allowing: [origin]), for: BundledScheme.name(for: book))
      defer { BundledScheme.setPagePolicy(.ownOrigin, for: BundledScheme.name(for: book)) }
      _ = evaluate("location.reload(); 'ok'", in: viewer.webView)
      waitUntil("the page again, with what the host allowed") {
        viewer.state.phase == .loaded && data("evil") == "1" && data("far") == "fetched"
          && evaluate("String(document.getElementById('remote').naturalWidth)", in: viewer.webView) == "4"
      }
      XCTAssertGreaterThan(server.hits["/pixel.png"] ?? 0, 0)
    }
  }

  func testOneFoldersPagesReachNoOtherFoldersFiles() throws {
    // The scheme answers with `Access-Control-Allow-Origin: *` (WebKit gives local documents no
    // origin a response could name, so a page could not fetch its own files otherwise). What
    // keeps a folder's or book's pages out of another's files is the policy: `'self'` only.
    try onMain {
      let id = UUID().uuidString.prefix(8).lowercased()
      let far = FileManager.default.temporaryDirectory.appendingPathComponent("hv-far-\(id)")
      let near = FileManager.default.temporaryDirectory.appendingPathComponent("hv-near-\(id)")
      defer { for folder in [far, near] { try? FileManager.default.removeItem(at: folder) } }
      for folder in [far, near] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      try Data("secret".utf8).write(to: far.appendingPathComponent("secret.txt"))
      try Data(contentsOf: MallardViewerTests.fixture.appendingPathComponent("C/figures/sync.png"))
        .write(to: far.appendingPathComponent("pixel.png"))
      try Data("<title>Far</title><p>Far.</p>".utf8).write(to: far.appendingPathComponent("index.html"))
      let farURL = "help-viewer://far-\(id)"
      BundledScheme.register(folder: far, as: "far-\(id)")
      BundledScheme.register(folder: near, as: "near-\(id)")
      try Data(
        """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>Near</title></head><body>
        <img id="img" src="\(farURL)/pixel.png"><iframe id="frame" src="\(farURL)/index.html"></iframe>
        <script>
        var root = document.documentElement;
        fetch('\(farURL)/secret.txt').then(r => r.text()).then(t => { root.dataset.cross = t; },
          () => { root.dataset.cross = 'failed'; });
        fetch('\(farURL)/secret.txt', {mode: 'no-cors'}).then(() => { root.dataset.opaque = 'fetched'; },
          () => { root.dataset.opaque = 'failed'; });
        </script></body></html>
        """.utf8
      ).write(to: near.appendingPathComponent("index.html"))
      var requested: [String] = []
      BundledScheme.onRequest = { requested.append($0) }
      defer { BundledScheme.onRequest = nil }
      let viewer = LoadingWebView(configuration: ViewerConfiguration())
      let window = showInWindow(viewer.gtkWidget, title: "Near \(id)")
      defer { gtk_window_destroy(window) }
      viewer.load(BundledScheme.url("index.html", in: "near-\(id)"))
      let data = { (name: String) in evaluate("String(document.documentElement.dataset.\(name))", in: viewer.webView) }
      waitUntil("the page and its fetches") {
        viewer.state.title == "Near" && data("cross") != "undefined" && data("opaque") != "undefined"
          && evaluate("String(document.getElementById('img').complete)", in: viewer.webView) == "true"
      }
      XCTAssertEqual(data("cross"), "failed", "read another folder's file")
      XCTAssertEqual(data("opaque"), "failed", "reached another folder's file")
      XCTAssertEqual(evaluate("String(document.getElementById('img').naturalWidth)", in: viewer.webView), "0")
      XCTAssertFalse(
        requested.contains { $0.hasPrefix(farURL) }, "a request reached the other folder: \(requested)")
    }
  }

  func testARemotePageReachesNoLocalContent() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      let root = try Self.htmlBook(server: server)
      defer { try? FileManager.default.removeItem(at: root) }
      let name = "secret-\(UUID().uuidString.prefix(8).lowercased())"
      BundledScheme.register(folder: root.appendingPathComponent("C"), as: name)
      let local = "help-viewer://\(name)"
      server.route(
        "/remote",
        .page(
          """
          <title>Remote</title>
          <img id="img" src="\(local)/pixel.png"><iframe id="frame" src="\(local)/index.html"></iframe>
          <object data="\(local)/index.html"></object>
          <a id="bundled" href="\(local)/index.html">Bundled</a> <a id="help" href="help:notes">Help</a>
          <script>
          fetch('\(local)/index.html').then(r => r.text()).then(() => { document.title = 'READ'; },
            () => { document.documentElement.dataset.fetch = 'failed'; });
          </script>
          """))
      let viewer = LoadingWebView(configuration: ViewerConfiguration())
      let window = showInWindow(viewer.gtkWidget, title: "Remote \(name)")
      defer { gtk_window_destroy(window) }
      var verdicts: [(url: String, verdict: NavigationDecision)] = []
      var requested: [String] = []
      BundledScheme.onRequest = { requested.append($0) }
      viewer.navigationGuard.onDecision = { request, verdict in verdicts.append((request.url, verdict)) }
      viewer.load(server.url("/remote"))
      waitUntil("the remote page and its fetch") {
        viewer.state.phase == .loaded
          && evaluate("String(document.documentElement.dataset.fetch)", in: viewer.webView) == "failed"
      }
      waitUntil("the picture settled") {
        evaluate("String(document.getElementById('img').complete)", in: viewer.webView) == "true"
      }
      XCTAssertEqual(evaluate("String(document.getElementById('img').naturalWidth)", in: viewer.webView), "0")
      // Clicked, in order: the bundled page (WebKit refuses it, or the policy does), then help:.
      _ = evaluate(
        "document.getElementById('bundled').click(); document.getElementById('help').click(); 'ok'",
        in: viewer.webView)
      waitUntil("the help: link's verdict") { verdicts.contains { $0.url == "help:notes" } }
      XCTAssertEqual(verdicts.last { $0.url == "help:notes" }?.verdict, .refuse)
      XCTAssertFalse(verdicts.contains { $0.url.hasPrefix(local) && $0.verdict == .allow }, "\(verdicts)")
      waitUntil("WebKit is not loading") { webkit_web_view_is_loading(viewer.webView) == 0 }
      XCTAssertEqual(viewer.state.title, "Remote")
      XCTAssertEqual(requested.filter { $0.hasPrefix(local) }, [], "nothing local was asked for")
    }
  }
}
