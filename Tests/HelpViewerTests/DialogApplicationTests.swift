import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Dialogs over a window of a real `GtkApplication` are windows of that application while they
/// are open: its accelerators work in them, quitting it ends them; and a kept window carries
/// nothing of what the host did to it into the next dialog (issue 11.6).
final class DialogApplicationTests: GtkTestCase {
  override func setUp() {
    super.setUp()
    MainActor.assumeIsolated {
      HelpViewerEngine.dropSpareViews()
      HelpViewerEngine.spareViewLimit = 1
      HelpViewerEngine.reusesDialogWindows = true
    }
  }

  func testTheApplicationsAcceleratorsWorkWhileAHelpDialogHasTheFocus() throws {
    try onMain {
      let server = try TestServer()
      server.route("/page", .page("<title>Accelerators</title><p>keys"))
      defer { server.stop() }
      let app = TestApplication()
      let window = app.window(title: "Accelerator host")
      defer { gtk_window_destroy(window) }
      let dialog = HelpDialog.present(server.url("/page"), title: "Accelerators", over: window)
      waitUntil("loaded") { dialog.viewer.state.phase == .loaded }
      XCTAssertEqual(gtk_window_get_application(dialog.gtkWindow), app.application, "a window of the application")

      try pressKeys("ctrl+q", in: dialog.gtkWindow)
      waitUntil("Ctrl+Q reached app.quit") { app.activations["quit"] == 1 }
      try pressKeys("F1", in: dialog.gtkWindow)
      waitUntil("F1 reached app.help") { app.activations["help"] == 1 }
      XCTAssertEqual(gtk_widget_activate_action_variant(gcast(dialog.gtkWindow), "app.help", nil), 1)
      XCTAssertEqual(app.activations["help"], 2, "app.* actions resolve inside the dialog")
      XCTAssertTrue(dialog.isOpen, "the dialog's own keys are not the application's")

      let kept = dialog.gtkWindow
      dialog.close()
      XCTAssertTrue(ViewPool.isKeepingShell, "the window is kept for the next dialog")
      XCTAssertNil(gtk_window_get_application(kept), "a kept window is out of the application")
      XCTAssertNil(gtk_window_get_transient_for(kept))
      let next = HelpDialog.present(server.url("/page"), title: "Standalone")
      defer { next.close() }
      XCTAssertNil(gtk_window_get_application(next.gtkWindow), "no parent, no application")
    }
  }

  func testQuittingTheApplicationWithTheTermsOpenAnswersDismissed() throws {
    try onMain {
      let server = try TestServer()
      server.route("/terms", .page("<title>Quit Terms</title><p>terms"))
      server.route("/raw", .page("<title>Raw</title>"))
      defer { server.stop() }
      let app = TestApplication()
      var window: UnsafeMutablePointer<GtkWindow>?
      var terms: TermsDialog?
      var answer: TermsDecision?
      // The host's activate: a window, and the terms over it through a task; quit once they show.
      app.onActivate = {
        let host = app.window(title: "Quitting host")
        window = host
        Task { @MainActor in
          let dialog = TermsDialog(server.url("/terms"), over: host)
          terms = dialog
          dialog.viewer.onStateChange = { state in
            if state.phase == .loaded { g_application_quit(gcast(app.application)) }
          }
          dialog.present()
          answer = await dialog.waitForDecision()
        }
      }
      let safety = TimeoutSource(seconds: 20) { g_application_quit(gcast(app.application)) }
      defer { safety.cancel() }
      XCTAssertEqual(app.run(), 0)
      XCTAssertTrue(safety.isPending, "the terms loaded and the application quit")
      waitUntil("the answer arrived") { answer != nil }
      XCTAssertEqual(answer, .dismissed)
      let dialog = try XCTUnwrap(terms)
      XCTAssertFalse(dialog.sheet.isOpen)
      XCTAssertTrue(dialog.viewer.isDetached)
      // Load events after the end reach nothing of the dialog.
      let titleText = labelText(dialog.sheet.header.titleLabel)
      try driveLoads(dialog.viewer, server: server, raw: "/raw")
      XCTAssertEqual(labelText(dialog.sheet.header.titleLabel), titleText)
      dialog.footer.render(canAccept: false, hint: "still alive")  // Its widgets are its own.
      if let window { gtk_window_destroy(window) }
    }
  }

  func testAKeptWindowComesBackAsANewOneWhateverTheHostDidToIt() throws {
    try onMain {
      let server = try TestServer()
      server.route("/a", .page("<title>A</title>"))
      server.route("/b", .page("<title>B</title>"))
      defer { server.stop() }
      let first = HelpDialog.present(server.url("/a"), title: "First")
      waitUntil("A loaded") { first.viewer.state.phase == .loaded }
      let window = first.gtkWindow
      let fresh = Window(watching: window).styleClasses
      let freshSize = [gtk_widget_get_width(gcast(window)), gtk_widget_get_height(gcast(window))]
      gtk_window_set_default_size(window, 1000, 900)
      gtk_widget_set_size_request(gcast(window), 500, 450)
      gtk_widget_add_css_class(gcast(window), "host-styled")
      gtk_window_set_modal(window, 0)
      gtk_window_set_resizable(window, 0)
      gtk_window_set_decorated(window, 0)
      gtk_window_set_hide_on_close(window, 1)
      gtk_widget_set_opacity(gcast(window), 0.5)
      gtk_window_maximize(window)
      waitUntil("the host's size took effect") { gtk_widget_get_width(gcast(window)) > freshSize[0] }
      first.close()
      waitUntil("kept and ready") { ViewPool.hasReadyShell }

      let second = HelpDialog.present(server.url("/b"), title: "Second")
      defer { second.close() }
      XCTAssertEqual(second.gtkWindow, window, "the same window")
      var width: Int32 = 0
      var height: Int32 = 0
      gtk_window_get_default_size(window, &width, &height)
      XCTAssertEqual([width, height], [720, 640])
      gtk_widget_get_size_request(gcast(window), &width, &height)
      XCTAssertEqual([width, height], [300, 300])
      XCTAssertEqual(Set(Window(watching: window).styleClasses), Set(fresh), "no class of the host's")
      XCTAssertEqual(gtk_window_get_modal(window), 1)
      XCTAssertEqual(gtk_window_get_resizable(window), 1)
      XCTAssertEqual(gtk_window_get_decorated(window), 1)
      XCTAssertEqual(gtk_window_get_hide_on_close(window), 0)
      XCTAssertEqual(gtk_widget_get_opacity(gcast(window)), 1)
      XCTAssertEqual(gtk_window_get_title(window).map { String(cString: $0) }, "Second")
      waitUntil("shown at a new dialog's size \(freshSize)") {
        [gtk_widget_get_width(gcast(window)), gtk_widget_get_height(gcast(window))] == freshSize
      }
      XCTAssertEqual(gtk_window_is_maximized(window), 0)
    }
  }
}

/// A registered `GtkApplication` (non-unique, so tests never ask D-Bus for a name) with the
/// actions `app.quit` (Ctrl+Q) and `app.help` (F1), which only count their activations.
@MainActor
final class TestApplication {
  nonisolated(unsafe) private static var count = 0
  let application: UnsafeMutablePointer<GtkApplication>
  private(set) var activations: [String: Int] = [:]
  /// Runs on the application's `activate` (in `run()`).
  var onActivate: (() -> Void)?
  private let signals = SignalBag()
  private var actions: [GObjectRef] = []

  init() {
    Self.count += 1
    application = gtk_application_new("org.helpviewer.Tests.App\(getpid())x\(Self.count)", G_APPLICATION_NON_UNIQUE)
    signals += connectVoidSignal(application, "activate") { [weak self] in self?.onActivate?() }
    g_application_register(gcast(application), nil, nil)
    for (name, accelerator) in [("quit", "<Control>q"), ("help", "F1")] {
      let action = GObjectRef(adoptingNew: g_simple_action_new(name, nil))
      signals += connectActivate(action.opaque) { [weak self] in self?.activations[name, default: 0] += 1 }
      g_action_map_add_action(OpaquePointer(application), action.opaque)
      actions.append(action)
      let accels = [strdup(accelerator).map { UnsafePointer($0) }, nil]
      accels.withUnsafeBufferPointer {
        gtk_application_set_accels_for_action(application, "app.\(name)", $0.baseAddress)
      }
      free(UnsafeMutableRawPointer(mutating: accels[0]))
    }
  }

  isolated deinit {
    signals.disconnectAll()
    g_object_unref(application)
  }

  /// A shown window of the application.
  func window(title: String) -> UnsafeMutablePointer<GtkWindow> {
    let window = showInWindow(gtk_label_new("host")!, title: title)
    gtk_window_set_application(window, application)
    return window
  }

  /// `g_application_run` until the application quits; its exit status.
  /// `onActivate` is dropped then: it usually holds the application (and the dialogs it showed).
  func run() -> Int32 {
    defer { onActivate = nil }
    return g_application_run(gcast(application), 0, nil)
  }
}

/// Drives load events after a dialog ended: its viewer loads nothing, and a page loaded into its
/// web view directly runs to its end with nothing of the dialog listening.
@MainActor
func driveLoads(
  _ viewer: LoadingWebView, server: TestServer, raw: String, file: StaticString = #filePath, line: UInt = #line
) throws {
  viewer.load(server.url("/viewer-load"))
  viewer.reload()
  viewer.goBack()
  webkit_web_view_load_uri(viewer.webView, server.url(raw).absoluteString)
  waitUntil("the web view loaded \(raw)", file: file, line: line) {
    server.hits[raw] == 1 && webkit_web_view_is_loading(viewer.webView) == 0
  }
  XCTAssertNil(server.hits["/viewer-load"], "an ended dialog's viewer loads nothing", file: file, line: line)
}
