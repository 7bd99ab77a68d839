import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Pages whose script never returns end in the error view as `.pageNotResponding` (not
/// `.timedOut`, not "loaded"); Retry ends the stuck web process and loads again; the next
/// dialog does not inherit the hang (issue 12.2).
final class FrozenPageTests: GtkTestCase {
  /// `<script>while(true){}</script>` in the head: WebKit commits the page, then nothing more.
  static let headHang = "<title>Head hang</title><script>while(true){}</script><p>never parsed"
  /// Loads, then loops for ever from `onload`.
  static let afterLoadHang =
    "<title>After-load hang</title><body onload='setTimeout(function(){for(;;){}}, 200)'><p>Loaded, then stuck"
  static let alive = "<title>Alive</title><p>Answers"

  override func setUp() {
    super.setUp()
    MainActor.assumeIsolated {
      Localization.setLanguages([])
      HelpViewerEngine.dropSpareViews()
      HelpViewerEngine.spareViewLimit = 1
      HelpViewerEngine.reusesDialogWindows = true
    }
  }

  override func tearDown() {
    MainActor.assumeIsolated {
      Localization.setLanguages(nil)
      HelpViewerEngine.reusesDialogWindows = true
      HelpViewerEngine.dropSpareViews()
    }
    super.tearDown()
  }

  /// The phases a viewer went through, as `onStateChange` reported them.
  @MainActor
  final class Recorder {
    private(set) var states: [LoadState] = []
    init(_ viewer: LoadingWebView) { viewer.onStateChange = { [weak self] in self?.states.append($0) } }
    var kinds: [String] { states.map { $0.error.map { "failed(\($0.kind.rawValue))" } ?? $0.phase.name } }
    var last: LoadState? { states.last }
  }

  /// A host drops a viewer whose page hangs (its window destroyed, the viewer released): the
  /// spinning web process ends with it. WebKit alone cannot close a page whose process does not
  /// answer, so the process would spin until the app quits.
  func testADroppedViewerEndsItsStuckPagesProcess() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/hang", .page(Self.afterLoadHang))
      let before = WebProcesses.running()
      var started: Set<Int32> = []
      do {
        let viewer = LoadingWebView()
        let window = showInWindow(viewer.gtkWidget)
        viewer.load(server.url("/hang"))
        waitUntil("the page hangs", timeout: 35) { viewer.state.error?.kind == .pageNotResponding }
        started = WebProcesses.running().subtracting(before)
        XCTAssertFalse(started.isEmpty, "the page's web process is seen")
        gtk_window_destroy(window)
      }
      waitUntil("the stuck web process ended") { WebProcesses.running().isDisjoint(with: started) }
    }
  }

  func testAHeadScriptHangFailsAsNotRespondingNotTimedOut() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/hang", .page(Self.headHang))
      let viewer = LoadingWebView()
      let recorder = Recorder(viewer)
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      let started = Date()
      viewer.load(server.url("/hang"))
      waitUntil("the viewer gave up on the page", timeout: 35) { viewer.state.error != nil }
      XCTAssertLessThan(Date().timeIntervalSince(started), 25, "before the 30 s load timeout")
      XCTAssertEqual(recorder.last?.error?.kind, .pageNotResponding, "\(recorder.kinds)")
      XCTAssertFalse(recorder.kinds.contains("failed(timedOut)"), "\(recorder.kinds)")
      XCTAssertEqual(Set(recorder.kinds.dropLast()), ["loading"], "loading until it failed: \(recorder.kinds)")
      assertShowsErrorView(viewer, title: "Page Not Responding")
      XCTAssertFalse(viewer.errorView.shownText.message.contains("server"), viewer.errorView.shownText.message)
      XCTAssertFalse(viewer.errorView.shownText.message.contains("127.0.0.1"))
    }
  }

  /// When the load timeout comes first (a short one here), a page the server sent but that
  /// does not answer is still "not responding", not "the server did not answer in time".
  func testALoadTimeoutOverAStuckPageIsNotRespondingNotTimedOut() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/hang", .page(Self.headHang))
      let viewer = LoadingWebView()
      viewer.timeout = 3
      let recorder = Recorder(viewer)
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      viewer.load(server.url("/hang"))
      waitUntil("the load timed out", timeout: 15) { viewer.state.error != nil }
      XCTAssertEqual(recorder.last?.error?.kind, .pageNotResponding, "\(recorder.kinds)")
    }
  }

  func testAPageThatHangsAfterLoadingGoesFromLoadedToTheErrorView() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/hang", .page(Self.afterLoadHang))
      let viewer = LoadingWebView(url: server.url("/hang"))
      let recorder = Recorder(viewer)
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      waitUntil("the stuck page failed", timeout: 35) { viewer.state.error != nil }
      let phases = recorder.kinds
      let loaded = try XCTUnwrap(phases.firstIndex(of: "loaded"), "it loaded first: \(phases)")
      XCTAssertEqual(Array(phases[loaded...]).filter { $0 != "loaded" }, ["failed(pageNotResponding)"], "\(phases)")
      assertShowsErrorView(viewer, title: "Page Not Responding")
      XCTAssertTrue(viewer.isStuck)
    }
  }

  func testRetryEndsTheStuckProcessAndLoadsThePageAgain() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/page", .page(Self.afterLoadHang))
      let viewer = LoadingWebView(url: server.url("/page"))
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      waitUntil("the stuck page failed", timeout: 35) { viewer.state.error?.kind == .pageNotResponding }
      server.route("/page", .page(Self.alive))  // The page no longer hangs.
      let recorder = Recorder(viewer)
      var terminations = 0
      let watch = viewer.webView.connectWebProcessTerminated { _ in terminations += 1 }
      defer { watch.disconnect() }
      // GTK emits the button's `clicked` a moment after `activate`.
      gtk_widget_activate(gcast(viewer.errorView.retryButton))
      waitUntil("the page loaded again") { viewer.state.phase == .loaded && viewer.state.title == "Alive" }
      XCTAssertEqual(terminations, 1, "Retry ended the stuck web process")
      XCTAssertEqual(server.hits["/page"], 2)
      let phases = recorder.kinds
      let reload = try XCTUnwrap(phases.firstIndex(of: "loading"), "\(phases)")
      XCTAssertEqual(
        Set(phases[..<reload]), ["failed(pageNotResponding)"], "the end of the process is no new error: \(phases)")
      XCTAssertEqual(Set(phases[reload...]), ["loading", "loaded"], "no error on the way: \(phases)")
      var answered = false
      viewer.whenPageAnswers { answered = true }
      waitUntil("the new process answers") { answered }
      XCTAssertFalse(viewer.isStuck)
    }
  }

  /// A dialog with a hanging page, then the next dialog: with kept dialog windows and with the
  /// pool of spare views, the next dialog loads normally and answers.
  func testAHangingPageInADialogThenTheNextDialogLoadsNormally() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/head", .page(Self.headHang))
      server.route("/after", .page(Self.afterLoadHang))
      server.route("/alive", .page(Self.alive))
      for (reuse, hang) in [(true, "/head"), (true, "/after"), (false, "/after")] {
        HelpViewerEngine.dropSpareViews()
        HelpViewerEngine.reusesDialogWindows = reuse
        let warmUp = HelpDialog.present(server.url("/alive"))
        waitUntil("a first dialog loaded") { warmUp.viewer.state.phase == .loaded }
        warmUp.close()  // Its window (or web process) waits for the next dialog.
        waitUntil("the closed dialog's window or view is ready for the next") {
          reuse ? ViewPool.hasReadyShell : !ViewPool.spares.isEmpty
        }

        let stuck = HelpDialog.present(server.url(hang))
        let recorder = Recorder(stuck.viewer)
        waitUntil("\(hang) failed in the dialog", timeout: 35) { stuck.viewer.state.error != nil }
        XCTAssertEqual(recorder.last?.error?.kind, .pageNotResponding, "\(hang): \(recorder.kinds)")
        assertShowsErrorView(stuck.viewer, title: "Page Not Responding")
        let stuckView = stuck.viewer.webView
        stuck.close()
        XCTAssertFalse(ViewPool.isKeepingShell, "a stuck page's window is not kept")
        XCTAssertTrue(ViewPool.spares.isEmpty, "nor its view or process pooled")

        let next = HelpDialog.present(server.url("/alive"))
        defer { next.close() }
        XCTAssertNotEqual(next.viewer.webView, stuckView)
        let nextRecorder = Recorder(next.viewer)
        waitUntil("the next dialog loaded (\(hang), reuse \(reuse))") {
          next.viewer.state.phase == .loaded && next.viewer.state.title == "Alive"
        }
        var answered = false
        next.viewer.whenPageAnswers { answered = true }
        waitUntil("the next dialog's page answers") { answered }
        XCTAssertFalse(nextRecorder.kinds.contains { $0.hasPrefix("failed") }, "\(nextRecorder.kinds)")
      }
    }
  }

  func testTheDemoReportsBothHangingPagesAsNotResponding() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/head", .page(Self.headHang))
      server.route("/after", .page(Self.afterLoadHang))
      var environment = ProcessInfo.processInfo.environment
      environment["LANGUAGE"] = "en"
      for path in ["/head", "/after"] {
        let result = try runProgram(
          demoBinary, ["--open", server.url(path).absoluteString, "--report", "--timeout", "40"],
          environment: environment)
        XCTAssertEqual(result.status, 0, path)
        let line = result.output.split(separator: "\n").last.map(String.init) ?? ""
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], path)
        XCTAssertEqual(json["phase"] as? String, "failed", "\(path): \(line)")
        let error = try XCTUnwrap(json["error"] as? [String: Any], "\(path): \(line)")
        XCTAssertEqual(error["kind"] as? String, "pageNotResponding", "\(path): \(line)")
        XCTAssertEqual(error["title"] as? String, "Page Not Responding")
        XCTAssertFalse((error["message"] as? String ?? "server").contains("server"), line)
      }
    }
  }
}
