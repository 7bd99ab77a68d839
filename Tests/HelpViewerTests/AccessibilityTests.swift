import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// What assistive technologies get: labels on icon buttons, the error view as an alert, the
/// loading state as busy, and the focus where the person needs it; read back through GTK's
/// accessibility test API.
final class AccessibilityTests: GtkTestCase {
  func testEveryIconButtonHasAnAccessibleLabelAndATooltip() throws {
    try onMain {
      let dialog = HelpDialog.present(try closedPortURL(), title: "Labels", controls: .all)
      defer { dialog.close() }
      waitUntil("failed") { dialog.viewer.state.error != nil }
      let buttonType = gtk_button_get_type()
      let menuButtonType = gtk_menu_button_get_type()
      var iconButtons = 0
      for widget in widgetTree(gcast(dialog.gtkWindow)) where isInstance(widget, of: buttonType) {
        let button: UnsafeMutablePointer<GtkButton> = gcast(widget)
        if gtk_button_get_label(button) != nil { continue }  // has words of its own (Retry)
        iconButtons += 1
        // The menu button's inner toggle button carries its parent's tooltip.
        let parent = gtk_widget_get_parent(widget)
        let owner = parent.flatMap { isInstance($0, of: menuButtonType) ? $0 : nil } ?? widget
        let text = tooltip(owner)
        XCTAssertNotNil(text, "an icon button without a tooltip")
        XCTAssertNil(accessibleLabelMismatch(widget, expected: text ?? ""), "accessible label = tooltip \(text ?? "")")
      }
      XCTAssertEqual(
        iconButtons, 10,
        "back, forward, reload, open in browser, menu, close; the find bar's previous, next, close; the download note's close"
      )
      XCTAssertNotNil(
        accessibleLabelMismatch(gcast(dialog.header.backButton), expected: "Not its label"), "the check can fail")
      XCTAssertNil(accessibleLabelMismatch(gcast(dialog.header.menu.button), expected: "Main Menu"))

      // Reload becomes Stop while loading, in words too. (Labels and tooltips follow the state
      // synchronously, so what the recorder saw is what they showed.)
      let server = try TestServer()
      server.route("/hang", .hang)
      defer { server.stop() }
      let recorder = StateRecorder(dialog.viewer)
      dialog.viewer.load(server.url("/hang"))
      waitUntil("the request reached the server") { server.hits["/hang"] == 1 }
      XCTAssertEqual(recorder.phases(since: 1), ["loading"], "loading from load() on, through WebKit's start")
      XCTAssertNil(accessibleLabelMismatch(gcast(dialog.header.reloadButton), expected: "Stop"))
      XCTAssertEqual(tooltip(gcast(dialog.header.reloadButton)), "Stop")
      dialog.viewer.stop()
      XCTAssertEqual(recorder.phases(since: 1), ["loading", "failed"], "stopped: what was shown before shows again")
      XCTAssertNil(accessibleLabelMismatch(gcast(dialog.header.reloadButton), expected: "Reload"))
    }
  }

  func testTheErrorViewIsAnAlertNamedForTheErrorAndRetryGetsTheFocus() throws {
    try onMain {
      let dialog = HelpDialog.present(try closedPortURL(), title: "Alert")
      defer { dialog.close() }
      waitUntil("failed") { dialog.viewer.state.error != nil }
      let errorView = dialog.viewer.errorView.root.widget
      XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(errorView)), GTK_ACCESSIBLE_ROLE_ALERT)
      let error = try XCTUnwrap(dialog.viewer.state.error)
      XCTAssertNil(accessibleLabelMismatch(errorView, expected: error.title))
      XCTAssertNil(errorView.accessibleDescriptionMismatch(error.message), "described by the error's message")
      waitUntil("Retry has the focus") {
        focusIs(UnsafeMutableRawPointer(dialog.viewer.errorView.retryButton), in: dialog.gtkWindow)
      }
    }
  }

  /// GTK 4.8 names a mnemonic button "_Retry Retry"; ours say their words alone.
  func testMnemonicButtonsAreNamedByTheirWordsAlone() throws {
    try onMain {
      let dialog = TermsDialog(try closedPortURL())
      dialog.present()
      defer { dialog.decline() }
      waitUntil("failed") { dialog.viewer.state.error != nil }
      let viewer = dialog.viewer
      XCTAssertNil(accessibleLabelMismatch(gcast(viewer.errorView.retryButton), expected: "Retry"))
      XCTAssertNil(accessibleLabelMismatch(gcast(viewer.offlineBanner.retryButton), expected: "Retry"))
      XCTAssertNil(accessibleLabelMismatch(gcast(dialog.footer.acceptButton), expected: "Accept"))
      XCTAssertNil(accessibleLabelMismatch(gcast(dialog.footer.declineButton), expected: "Decline"))
      XCTAssertEqual(
        accessibleLabelMismatch(gcast(dialog.footer.declineButton), expected: "_Decline"), "Decline",
        "the check sees the label it has")
    }
  }

  func testTheViewerIsBusyWhileLoadingAndThePageGetsTheFocus() throws {
    try onMain {
      let server = try TestServer()
      server.route("/held", .held("<title>Held</title><p>held"))
      defer { server.stop() }
      let dialog = HelpDialog.present(server.url("/held"), title: "Busy")
      defer { dialog.close() }
      let viewer = dialog.viewer
      let recorder = StateRecorder(viewer)
      XCTAssertNil(accessibleLabelMismatch(gcast(viewer.spinner), expected: "Loading"))
      // The page cannot arrive before the test releases it: the viewer is still loading then.
      waitUntil("the request arrived") { server.hits["/held"] == 1 }
      XCTAssertEqual(server.release("/held"), 1)
      waitUntil("loaded") { viewer.state.phase == .loaded }
      XCTAssertEqual(recorder.phases, ["loading", "loaded"], "never idle or failed in between")
      XCTAssertTrue(recorder.loadingSamples.allSatisfy(\.busy), "busy in every loading state")
      XCTAssertFalse(isBusy(viewer.gtkWidget), "not busy once loaded")
      waitUntil("the page has the focus") { focusIs(UnsafeMutableRawPointer(viewer.webView), in: dialog.gtkWindow) }
    }
  }

  func testAnEmbeddedViewerDoesNotTakeTheFocusFromTheHost() throws {
    try onMain {
      let server = try TestServer()
      server.route("/page", .page("<title>Embedded</title>"))
      defer { server.stop() }
      let box: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
      let entry: UnsafeMutablePointer<GtkWidget> = gtk_entry_new()
      let viewer = LoadingWebView()
      gtk_box_append(gcast(box), entry)
      gtk_box_append(gcast(box), viewer.gtkWidget)
      let window = showInWindow(box, title: "Embedded focus")
      defer { gtk_window_destroy(window) }
      gtk_widget_grab_focus(entry)
      XCTAssertTrue(focusIs(UnsafeMutableRawPointer(entry), in: window))
      viewer.load(server.url("/page"))
      waitUntil("loaded") { viewer.state.phase == .loaded }
      XCTAssertTrue(focusIs(UnsafeMutableRawPointer(entry), in: window), "the host's entry keeps the focus")
      let failing = try closedPortURL()
      viewer.load(failing)
      waitUntil("failed") { viewer.state.error != nil }
      XCTAssertTrue(focusIs(UnsafeMutableRawPointer(entry), in: window), "still, after a failure")

      // With the focus inside the viewer, a failure puts it on Retry.
      gtk_widget_grab_focus(gcast(viewer.errorView.retryButton))
      viewer.load(server.url("/page"))
      waitUntil("loaded again") { viewer.state.phase == .loaded }
      XCTAssertTrue(focusIs(UnsafeMutableRawPointer(viewer.webView), in: window), "the page, once it loaded")
      viewer.load(failing)
      waitUntil("failed again") { viewer.state.error != nil }
      XCTAssertTrue(focusIs(UnsafeMutableRawPointer(viewer.errorView.retryButton), in: window), "Retry")
    }
  }
}

@MainActor
private func isBusy(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
  widget.isAccessibleBusy
}
