import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// The sheet-like dialog, driven through its real buttons and real key presses.
final class HelpDialogTests: GtkTestCase {
  func testDialogShowsThePageTitleInItsHeaderBar() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .slow("<title>Getting Started</title>", seconds: 0.3))
      let parent = showInWindow(gtk_label_new("host")!, title: "Host")
      defer { gtk_window_destroy(parent) }
      let dialog = HelpDialog.present(server.url("/"), title: "Help", over: parent)
      defer { dialog.close() }
      XCTAssertTrue(dialog.isOpen)
      XCTAssertEqual(label(dialog.header.titleLabel), "Help", "the host's title until the page gives one")
      waitUntil("the page title arrived") { dialog.viewer.state.title != nil }
      XCTAssertEqual(label(dialog.header.titleLabel), "Getting Started")
      XCTAssertEqual(gtk_window_get_title(dialog.gtkWindow).map { String(cString: $0) }, "Getting Started")
      XCTAssertEqual(gtk_window_get_modal(dialog.gtkWindow), 1)
      XCTAssertEqual(gtk_window_get_transient_for(dialog.gtkWindow), parent)
      XCTAssertEqual(gtk_window_get_destroy_with_parent(dialog.gtkWindow), 1)
      var width: Int32 = 0
      var height: Int32 = 0
      gtk_window_get_default_size(dialog.gtkWindow, &width, &height)
      // A sheet inside its 640×480 parent, 24 px from each edge (`SheetFitTests`).
      XCTAssertEqual([width, height], [592, 432])
      gtk_widget_get_size_request(gcast(dialog.gtkWindow), &width, &height)
      XCTAssertEqual([width, height], [300, 300])
      XCTAssertEqual(gtk_widget_get_visible(gcast(dialog.header.closeButton)), 1)
      XCTAssertEqual(gtk_widget_get_visible(gcast(dialog.header.backButton)), 0, "navigation is optional")
    }
  }

  func testCloseButtonClosesAndFreesTheDialog() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Help</title>"))
      var dialog: HelpDialog? = HelpDialog.present(server.url("/"), title: "Help")
      weak let weakDialog = dialog
      let window = GWeakObject(dialog!.gtkWindow)
      let webView = GWeakObject(dialog!.viewer.webView)
      var closed = 0
      dialog?.onClose = { closed += 1 }
      waitUntil("loaded") { dialog?.viewer.state.phase == .loaded }
      // Activation as by keyboard: GTK shows the button pressed briefly, then emits `clicked`.
      gtk_widget_activate(gcast(dialog!.header.closeButton))
      waitUntil("the close button closed the dialog") { dialog?.isOpen == false }
      XCTAssertEqual(closed, 1)
      dialog?.close()  // Closing twice does nothing.
      XCTAssertEqual(closed, 1)
      dialog = nil
      waitUntil("the Swift dialog is freed") { weakDialog == nil }
      XCTAssertTrue(ViewPool.isKeepingShell, "its window and web view wait for the next dialog")
      HelpViewerEngine.dropSpareViews()
      waitUntil("dropped, its window and its web view are freed") { !window.isAlive && !webView.isAlive }
    }
  }

  func testEscapeClosesTheDialog() throws {
    try onMain {
      let dialog = presentLoadedDialog(title: "Escape test")
      try pressKeys("Escape", in: dialog.gtkWindow)
      waitUntil("Esc closed the dialog") { !dialog.isOpen }
    }
  }

  func testControlWClosesTheDialog() throws {
    try onMain {
      let dialog = presentLoadedDialog(title: "Control W test")
      try pressKeys("ctrl+w", in: dialog.gtkWindow)
      waitUntil("Ctrl+W closed the dialog") { !dialog.isOpen }
    }
  }

  func testClosingWhileLoadingDoesNotCrash() throws {
    try onMain {
      let server = try TestServer()
      server.route("/held", .held("<title>Late</title>"))
      server.route("/hang", .hang)
      server.route("/marker", .page("<title>Marker</title>"))
      defer { server.stop() }
      for path in ["/held", "/hang"] {
        var dialog: HelpDialog? = HelpDialog.present(server.url(path), title: "Help")
        weak let weakDialog = dialog
        let webView = GWeakObject(dialog!.viewer.webView)
        let recorder = StateRecorder(dialog!.viewer)
        waitUntil("the request reached the server") { server.hits[path] == 1 }
        XCTAssertEqual(recorder.phases, ["loading"], "closed while loading")
        dialog?.close()
        dialog = nil
        HelpViewerEngine.dropSpareViews()  // The next dialog gets a new web view.
        waitUntil("everything was freed") { weakDialog == nil && !webView.isAlive }
      }
      // The held page is answered now, for a dialog that is gone, and the hanging request ends:
      // nothing may run into them. A later load proves that the main loop and WebKit went on
      // past both.
      server.release("/held")
      server.releaseHeld()
      let marker = LoadingWebView(url: server.url("/marker"))
      let window = showInWindow(marker.gtkWidget)
      defer { gtk_window_destroy(window) }
      waitUntil("a later page loaded") { marker.state.phase == .loaded && marker.state.title == "Marker" }
    }
  }

  func testDestroyingTheParentClosesTheDialog() {
    onMain {
      let parent = showInWindow(gtk_label_new("host")!, title: "Host")
      let dialog = HelpDialog(title: "Help", over: parent)
      dialog.present()
      dialog.viewer.load(address: "about:blank")
      var closed = false
      dialog.onClose = { closed = true }
      gtk_window_destroy(parent)
      XCTAssertTrue(closed)
      XCTAssertFalse(dialog.isOpen)
    }
  }

  func testNavigationButtonsEnableOnlyWhenTheyCanAct() throws {
    try onMain {
      let server = try TestServer()
      server.route("/one", .page("<title>One</title><a id=next href='/two'>next</a>"))
      server.route("/two", .page("<title>Two</title>"))
      let dialog = HelpDialog.present(server.url("/one"), title: "Help", showsNavigation: true)
      defer { dialog.close() }
      let header = dialog.header
      XCTAssertEqual(gtk_widget_get_visible(gcast(header.backButton)), 1)
      waitUntil("page one loaded") { dialog.viewer.state.title == "One" }
      XCTAssertEqual(sensitive(header.backButton), false)
      XCTAssertEqual(sensitive(header.forwardButton), false)
      XCTAssertEqual(sensitive(header.reloadButton), true)
      dialog.viewer.load(server.url("/two"))
      waitUntil("page two loaded") { dialog.viewer.state.title == "Two" && dialog.viewer.state.phase == .loaded }
      XCTAssertEqual(sensitive(header.backButton), true)
      gtk_widget_activate(gcast(header.backButton))
      waitUntil("back on page one") { dialog.viewer.state.title == "One" && dialog.viewer.state.phase == .loaded }
      XCTAssertEqual(sensitive(header.forwardButton), true)
      XCTAssertEqual(sensitive(header.backButton), false)
      gtk_widget_activate(gcast(header.reloadButton))
      waitUntil("reloaded") { server.hits["/one"] == 2 && dialog.viewer.state.phase == .loaded }
    }
  }

  func testAwaitingTheDialogReturnsWhenItCloses() {
    onMain {
      let dialog = HelpDialog.present(address: "about:blank", title: "Help")
      var started = false
      var finished = false
      Task { @MainActor in
        started = true
        await dialog.waitUntilClosed()
        finished = true
      }
      waitUntil("the task started waiting") { started }
      XCTAssertFalse(finished, "waiting, while the dialog is open")
      dialog.close()
      waitUntil("the awaiting task resumed") { finished }
    }
  }
}

@MainActor
private func presentLoadedDialog(title: String) -> HelpDialog {
  let dialog = HelpDialog.present(address: "about:blank", title: title)
  waitUntil("the dialog is on screen") { gtk_widget_get_mapped(gcast(dialog.gtkWindow)) != 0 }
  return dialog
}

@MainActor
private func label(_ label: Label) -> String { label.text }

@MainActor
private func label(_ label: OpaquePointer) -> String {
  gtk_label_get_text(label).map { String(cString: $0) } ?? ""
}

@MainActor
private func sensitive(_ button: Button) -> Bool { button.isSensitive }
