import Foundation
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// No page saves a file, whichever way it tries: each test has the page try, waits until the
/// attempt was seen and ended (the note, the error view, or WebKit's end of the cancelled
/// download), then checks that neither the download folder nor the home folder holds a file of
/// that name, whole or partial.
final class DownloadTests: GtkTestCase {
  func testAFramesAttachmentIsRefusedWithANoteOverThePage() throws {
    try onMain {
      let run = try DownloadRun(page: "<iframe src='/file'></iframe>")
      defer { run.close() }
      run.waitForNote()
      XCTAssertEqual(run.viewer.state.phase, .loaded, "the page itself stays")
      XCTAssertEqual(run.viewer.state.title, "Start")
      run.assertNoFile()
    }
  }

  func testAnAttachmentInANestedFrameIsRefused() throws {
    try onMain {
      let run = try DownloadRun(
        page: "<iframe src='/frame'></iframe>",
        routes: ["/frame": .page("<title>Frame</title><iframe src='/file'></iframe>")])
      defer { run.close() }
      run.waitForNote()
      run.assertNoFile()
    }
  }

  func testADownloadLinkClickedByAScriptIsCancelled() throws {
    try onMain {
      let run = try DownloadRun(
        page: "<a id=d download href='/file'>get</a><script>onload = () => d.click()</script>")
      defer { run.close() }
      run.waitForCancelledDownload()
      run.waitForNote()
      XCTAssertEqual(run.viewer.state.phase, .loaded)
      run.assertNoFile()
    }
  }

  func testADownloadLinkClickedByAPersonIsCancelled() throws {
    try onMain {
      let run = try DownloadRun(
        page: """
          <style>a{position:fixed;inset:0;display:block}</style><a download href='/file'>get</a>
          """)
      defer { run.close() }
      try click(in: run.window, x: 200, y: 200)
      run.waitForCancelledDownload()
      run.waitForNote()
      run.assertNoFile()
    }
  }

  /// The navigation policy refuses `blob:` and `data:` navigations before WebKit would start a
  /// download: nothing to cancel, and the refusal is logged.
  func testABlobDownloadIsRefused() throws {
    try onMain {
      let run = try DownloadRun(page: "")
      defer { run.close() }
      run.script(
        """
        const a = document.createElement('a');
        a.href = URL.createObjectURL(new Blob(['secret'], {type: 'application/octet-stream'}));
        a.download = '\(run.fileName)'; document.body.append(a); a.click();
        """)
      run.waitForRefusal(of: "blob:")
      run.assertNoFile()
    }
  }

  func testADataDownloadIsRefused() throws {
    try onMain {
      let run = try DownloadRun(page: "")
      defer { run.close() }
      run.script(
        """
        const a = document.createElement('a'); a.href = 'data:application/octet-stream,secret';
        a.download = '\(run.fileName)'; document.body.append(a); a.click();
        """)
      run.waitForRefusal(of: "data:")
      run.assertNoFile()
    }
  }

  func testAFormPostAnsweredWithAnAttachmentEndsInTheErrorView() throws {
    try onMain {
      let run = try DownloadRun(page: "<form id=f method=post action='/file'><input name=a value=b></form>")
      defer { run.close() }
      run.script("f.submit()")
      waitUntil("the refused response shows the error view") { run.viewer.state.error?.kind == .cannotShowContent }
      XCTAssertFalse(run.viewer.isShowingDownloadNote, "the error view says it; no note as well")
      run.assertNoFile()
    }
  }

  func testWindowOpenOfADownloadOpensNothing() throws {
    try onMain {
      let run = try DownloadRun(
        page: "<script>onload = () => { window.result = String(window.open('/file')) }</script>")
      defer { run.close() }
      waitUntil("the page's window.open returned") { run.ask("String(window.result)") != "undefined" }
      run.assertNoFile()
      XCTAssertEqual(run.opened, [], "no browser opened without a person's click")
      XCTAssertEqual(run.viewer.state.title, "Start")
    }
  }

  func testAPreloadedPagesDownloadIsCancelled() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      let name = "hv-download-\(UUID().uuidString).txt"
      server.route(
        "/start",
        .page(
          "<title>Start</title><a id=d download='\(name)' href='/file'>get</a><script>onload = () => d.click()</script>"
        ))
      server.route("/file", DownloadRun.attachment(name))
      let refused = DownloadGuard.refusedCount
      let ended = DownloadGuard.endedCount
      let viewer = HelpViewerEngine.preload(server.url("/start"))
      waitUntil("the preloaded page's download was cancelled") {
        DownloadGuard.refusedCount > refused && DownloadGuard.endedCount > ended
      }
      // The click runs in the page's onload: WebKit may end the download before it says that
      // the page finished loading (seen once in ten runs), so the page's load is waited for.
      waitUntil("the preloaded page's own load ended") { viewer.state.phase != .loading }
      XCTAssertEqual(viewer.state.phase, .loaded, "the refused download leaves the page loaded")
      assertNoDownloadedFile(named: name)
    }
  }

  func testEverySessionRefusesDownloadsTheTrustingOnesToo() throws {
    try onMain {
      let server = try TestServer(certificate: TestCertificates.selfSigned)
      defer { server.stop() }
      let name = "hv-download-\(UUID().uuidString).txt"
      server.route(
        "/start",
        .page("<title>Start</title><a id=d download href='/file'>get</a><script>onload = () => d.click()</script>"))
      server.route("/file", DownloadRun.attachment(name))
      var configuration = ViewerConfiguration()
      configuration.trustedCertificates = ["127.0.0.1": TestCertificates.selfSigned]
      let viewer = LoadingWebView(configuration: configuration)
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      let ended = DownloadGuard.endedCount
      viewer.load(server.url("/start"))
      waitUntil("the trusting session's download was cancelled") { DownloadGuard.endedCount > ended }
      waitUntil("the note shows") { viewer.isShowingDownloadNote }
      assertNoDownloadedFile(named: name)
    }
  }
}

/// A viewer in a window showing a page of the test server, whose `/file` is an attachment of a
/// name of its own.
@MainActor
private final class DownloadRun {
  let server: TestServer
  let viewer: LoadingWebView
  let window: UnsafeMutablePointer<GtkWindow>
  let fileName = "hv-download-\(UUID().uuidString).txt"
  private(set) var opened: [String] = []
  private let ended = DownloadGuard.endedCount

  /// The answer of a download: an attachment named `name`.
  static func attachment(_ name: String) -> TestServer.Response {
    .bytes(
      Array("secret\n".utf8), contentType: "application/octet-stream",
      headers: ["Content-Disposition": "attachment; filename=\"\(name)\""])
  }

  init(page: String, routes: [String: TestServer.Response] = [:]) throws {
    server = try TestServer()
    for (path, response) in routes { server.route(path, response) }
    server.route("/start", .page("<title>Start</title>\(page)"))
    server.route("/file", Self.attachment(fileName))
    LogWatch.start()
    viewer = LoadingWebView()
    window = showInWindow(viewer.gtkWidget, title: "Download \(UUID().uuidString.prefix(8))")
    viewer.openExternally = { [weak self] in self?.opened.append($0) }
    viewer.load(server.url("/start"))
    waitUntil("the page loaded") { viewer.state.phase == .loaded && viewer.state.title == "Start" }
  }

  /// The page's answer to `script`.
  func ask(_ script: String) -> String? { evaluate(script, in: viewer.webView) }

  /// Runs `source` in the page and waits for its answer.
  func script(_ source: String, file: StaticString = #filePath, line: UInt = #line) {
    _ = evaluate(source, in: viewer.webView, file: file, line: line)
  }

  func waitForNote(file: StaticString = #filePath, line: UInt = #line) {
    waitUntil("the note about the download shows", file: file, line: line) { self.viewer.isShowingDownloadNote }
    XCTAssertEqual(viewer.parts.downloadNote.text, LoadingWebView.downloadNoteText, file: file, line: line)
  }

  /// Waits until the viewer logged that it refused a navigation to an address of `scheme`.
  func waitForRefusal(of scheme: String, file: StaticString = #filePath, line: UInt = #line) {
    waitUntil("the navigation to \(scheme) was refused", file: file, line: line) {
      LogWatch.helpViewerMessages.contains { $0.hasPrefix("Refused to go to \(scheme)") }
    }
  }

  /// Waits until WebKit ended a download it started (cancelled by `DownloadGuard`).
  func waitForCancelledDownload(file: StaticString = #filePath, line: UInt = #line) {
    waitUntil("the download was cancelled and ended", file: file, line: line) { DownloadGuard.endedCount > self.ended }
  }

  func assertNoFile(file: StaticString = #filePath, line: UInt = #line) {
    assertNoDownloadedFile(named: fileName, file: file, line: line)
  }

  func close() {
    gtk_window_destroy(window)
    server.stop()
  }
}

/// Fails when the download folder or the home folder (two levels down) holds a file whose name
/// contains `name` (WebKit's partial files add a suffix).
@MainActor
func assertNoDownloadedFile(named name: String, file: StaticString = #filePath, line: UInt = #line) {
  var folders = [FileManager.default.homeDirectoryForCurrentUser]
  if let downloads = g_get_user_special_dir(G_USER_DIRECTORY_DOWNLOAD) {
    folders.append(URL(fileURLWithPath: String(cString: downloads)))
  }
  for folder in folders {
    for found in filesNamed(containing: name, in: folder, depth: 2) {
      try? FileManager.default.removeItem(at: found)  // The next run starts clean.
      XCTFail("the page saved \(found.path)", file: file, line: line)
    }
  }
}

private func filesNamed(containing name: String, in folder: URL, depth: Int) -> [URL] {
  guard let entries = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
  else { return [] }
  var found = entries.filter { $0.lastPathComponent.contains(name) }
  guard depth > 1 else { return found }
  for entry in entries where (try? entry.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
    found += filesNamed(containing: name, in: entry, depth: depth - 1)
  }
  return found
}
