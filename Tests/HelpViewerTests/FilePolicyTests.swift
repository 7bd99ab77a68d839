import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// A `file:` page the host asked for keeps to its own folder: a sibling page opens, another
/// local file (`/etc/hostname`, a page beside the folder) is refused, clicked or not.
final class FilePolicyTests: GtkTestCase {
  func testASiblingPageInTheSameFolderLoads() throws {
    try onMain {
      let run = try FileRun(element: "<a href='two.html'>two</a>")
      defer { run.close() }
      try click(in: run.window, x: 320, y: 240)
      waitUntil("the sibling page loaded") { run.viewer.state.phase == .loaded && run.viewer.state.title == "Two" }
      XCTAssertEqual(run.verdict(for: run.folder.appendingPathComponent("two.html")), .allow)
    }
  }

  func testALinkToAFileBesideTheFolderIsRefused() throws {
    try onMain {
      let run = try FileRun(element: "<a href='../outside.html'>outside</a>")
      defer { run.close() }
      try click(in: run.window, x: 320, y: 240)
      let outside = run.folder.deletingLastPathComponent().appendingPathComponent("outside.html")
      waitUntil("the policy decided the link") { run.verdict(for: outside) != nil }
      XCTAssertEqual(run.verdict(for: outside), .refuse)
      run.assertStayed()
    }
  }

  func testAScriptNavigationToEtcHostnameIsRefused() throws {
    try onMain {
      let run = try FileRun(element: "<p>page</p>")
      defer { run.close() }
      let hostname = URL(fileURLWithPath: "/etc/hostname")
      _ = evaluate("location.href = 'file:///etc/hostname'; 'asked'", in: run.viewer.webView)
      waitUntil("the policy decided the script's navigation") { run.verdict(for: hostname) != nil }
      XCTAssertEqual(run.verdict(for: hostname), .refuse)
      run.assertStayed()
    }
  }

  func testAnIframeOfEtcHostnameIsRefused() throws {
    try onMain {
      let run = try FileRun(element: "<p>page</p>")
      defer { run.close() }
      let hostname = URL(fileURLWithPath: "/etc/hostname")
      let script = """
        const frame = document.createElement('iframe'); frame.src = 'file:///etc/hostname';
        document.body.append(frame); 'added'
        """
      _ = evaluate(script, in: run.viewer.webView)
      waitUntil("the policy decided the iframe's navigation") { run.verdict(for: hostname) != nil }
      XCTAssertEqual(run.verdict(for: hostname), .refuse)
      run.assertStayed()
    }
  }
}

/// A viewer showing `start.html` of a temporary folder (beside `two.html`; `outside.html` is
/// in the folder above), its whole area `element`, recording the policy's verdicts.
@MainActor
private final class FileRun {
  let folder: URL
  let viewer: LoadingWebView
  let window: UnsafeMutablePointer<GtkWindow>
  private(set) var verdicts: [(url: String, verdict: NavigationDecision)] = []
  private var recorder: StateRecorder?

  init(element: String) throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("hv-file-policy-\(UUID().uuidString)")
    folder = base.appendingPathComponent("book")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let start = """
      <title>Start</title><style>a{position:fixed;inset:0;display:block;width:100%}</style>\(element)
      """
    try Data(start.utf8).write(to: folder.appendingPathComponent("start.html"))
    try Data("<title>Two</title>".utf8).write(to: folder.appendingPathComponent("two.html"))
    try Data("<title>Outside</title>".utf8).write(to: base.appendingPathComponent("outside.html"))
    viewer = LoadingWebView(configuration: ViewerConfiguration())
    window = showInWindow(viewer.gtkWidget, title: "File policy \(UUID().uuidString.prefix(8))")
    viewer.openExternally = { XCTFail("nothing opens outside: \($0)") }
    viewer.navigationGuard.onDecision = { [weak self] request, verdict in
      self?.verdicts.append((request.url, verdict))
    }
    viewer.load(folder.appendingPathComponent("start.html"))
    waitUntil("the page loaded") { viewer.state.phase == .loaded && viewer.state.title == "Start" }
    recorder = StateRecorder(viewer)
  }

  /// The policy's verdict on the last navigation to `file`, `nil` before it was asked.
  func verdict(for file: URL) -> NavigationDecision? {
    verdicts.last { URL(string: $0.url)?.standardizedFileURL.path == file.standardizedFileURL.path }?.verdict
  }

  /// The viewer is still on its first page and started no load.
  func assertStayed(file: StaticString = #filePath, line: UInt = #line) {
    waitUntil("WebKit is not loading", file: file, line: line) { webkit_web_view_is_loading(viewer.webView) == 0 }
    XCTAssertEqual(recorder?.phases, ["loaded"], "no load started", file: file, line: line)
    XCTAssertEqual(viewer.state.title, "Start", file: file, line: line)
    XCTAssertEqual(evaluate("document.title", in: viewer.webView, file: file, line: line), "Start")
  }

  func close() {
    gtk_window_destroy(window)
    try? FileManager.default.removeItem(at: folder.deletingLastPathComponent())
  }
}
