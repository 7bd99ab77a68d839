import Foundation
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer
@testable import HelpViewerBooks

/// The text view (issue 34): a page as native GTK widgets a screen reader reads on GTK 4.8,
/// read back through GTK's accessibility API; links followed through the viewer's policy; the
/// view following new pages; the terms' end reached in it.
final class TextViewTests: GtkTestCase {
  static let helpPage = """
    <!DOCTYPE html><title>Sync Help</title>
    <h1 id="top">Synchronize notes</h1>
    <p>Notes sync through <b>your</b> account. See <a href="/other">the other page</a>.</p>
    <div hidden>Hidden words</div><script>var notText = 1;</script>
    <ul><li>Open the menu</li><li><p>Choose Sync</p><ul><li>Wait</li></ul></li></ul>
    <h2 id="conflicts">Conflicts</h2>
    <p>The newer note wins.</p>
    <button onclick="document.title = 'Pressed'">Show more</button>
    <p><a href="https://example.invalid/elsewhere">Elsewhere</a></p>
    """

  func testAHelpPageShowsAsHeadingsParagraphsListsLinksAndButtons() throws {
    try onMain {
      let server = try TestServer()
      server.route("/help", .page(Self.helpPage))
      server.route("/other", .page("<title>Other</title><h1>Other page</h1><p>Here.</p>"))
      defer { server.stop() }
      let dialog = HelpDialog.present(server.url("/help"), title: "Text")
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("loaded") { viewer.state.phase == .loaded }
      XCTAssertFalse(viewer.isShowingText, "off unless asked for (no screen reader here)")
      // Show as Text, as the menu item activates it.
      XCTAssertEqual(gtk_widget_activate_action_variant(viewer.gtkWidget, "viewer.show-text", nil), 1)
      XCTAssertTrue(viewer.isShowingText)
      XCTAssertTrue(viewer.actions.isOn(.showText), "the menu's check item shows it")
      waitUntil("the text was read") { viewer.textView.outline != nil }
      let outline = try XCTUnwrap(viewer.textView.outline)
      XCTAssertEqual(
        outline.blocks.map(\.text),
        [
          "Synchronize notes", "Notes sync through your account. See the other page .", "the other page",
          "Open the menu", "Choose Sync", "Wait", "Conflicts", "The newer note wins.", "Show more", "Elsewhere",
        ])
      XCTAssertEqual(outline.blocks[0].kind, .heading(level: 1))
      XCTAssertEqual(outline.blocks[0].anchors, ["top"])
      XCTAssertEqual(outline.blocks[2].kind, .link(address: server.url("/other").absoluteString, target: 0))
      XCTAssertEqual(outline.blocks[3].kind, .listItem(depth: 1))
      XCTAssertEqual(outline.blocks[5].kind, .listItem(depth: 2))
      XCTAssertEqual(outline.blocks[6].kind, .heading(level: 2))
      XCTAssertEqual(outline.blocks[8].kind, .button(target: 1))

      // What GTK exposes: roles, the heading level, names.
      let widgets = viewer.textView.blockWidgets
      XCTAssertEqual(widgets.count, outline.blocks.count)
      let expected: [GtkAccessibleRole] = [
        GTK_ACCESSIBLE_ROLE_HEADING, GTK_ACCESSIBLE_ROLE_LABEL, GTK_ACCESSIBLE_ROLE_LINK,
        GTK_ACCESSIBLE_ROLE_LIST_ITEM, GTK_ACCESSIBLE_ROLE_LIST_ITEM, GTK_ACCESSIBLE_ROLE_LIST_ITEM,
        GTK_ACCESSIBLE_ROLE_HEADING, GTK_ACCESSIBLE_ROLE_LABEL, GTK_ACCESSIBLE_ROLE_BUTTON, GTK_ACCESSIBLE_ROLE_LINK,
      ]
      XCTAssertEqual(widgets.map { gtk_accessible_get_accessible_role(OpaquePointer($0)) }, expected)
      for index in [0, 6] {
        XCTAssertEqual(
          gtk_test_accessible_has_property(OpaquePointer(widgets[index]), GTK_ACCESSIBLE_PROPERTY_LEVEL), 1)
      }
      XCTAssertEqual(gtk_test_accessible_has_property(OpaquePointer(widgets[1]), GTK_ACCESSIBLE_PROPERTY_LEVEL), 0)
      XCTAssertNil(accessibleLabelMismatch(widgets[2], expected: "the other page"))
      XCTAssertNil(accessibleLabelMismatch(widgets[3], expected: "Open the menu"))
      XCTAssertNil(accessibleLabelMismatch(widgets[8], expected: "Show more"))
      let list = try XCTUnwrap(gtk_widget_get_parent(widgets[3]))
      XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(list)), GTK_ACCESSIBLE_ROLE_LIST)
      XCTAssertTrue(focusIs(UnsafeMutableRawPointer(widgets[0]), in: dialog.gtkWindow), "the text has the focus")

      // The page's own button, pressed from the text view: its handler runs in the page.
      gtk_widget_activate(widgets[8])
      waitUntil("the page's button ran, and the text was read again") {
        viewer.state.title == "Pressed" && viewer.textView.outline?.generation == outline.generation + 1
      }
      // New widgets: the button keeps the focus.
      let widgetsAfterPress = viewer.textView.blockWidgets
      XCTAssertTrue(focusIs(UnsafeMutableRawPointer(widgetsAfterPress[8]), in: dialog.gtkWindow))

      // A link to another site goes where a click on it goes: outside, the page stays.
      var opened: [String] = []
      viewer.openExternally = { opened.append($0) }
      gtk_widget_activate(widgetsAfterPress[9])
      waitUntil("opened outside") { opened == ["https://example.invalid/elsewhere"] }
      XCTAssertEqual(viewer.state.url, server.url("/help").absoluteString)

      // A link in the text view followed in the viewer; the text view follows the new page.
      gtk_widget_activate(viewer.textView.blockWidgets[2])
      waitUntil("the other page is shown as text") {
        viewer.textView.outline?.title == "Other" && viewer.state.url == server.url("/other").absoluteString
      }
      XCTAssertEqual(viewer.textView.outline?.blocks.map(\.text), ["Other page", "Here."])

      // Find in page works in the text view.
      viewer.showFindBar()
      viewer.find("here")
      waitUntil("counted") { viewer.model.findState.matchCount == 1 }

      // Back to the page: the web view shows again.
      gtk_widget_activate_action_variant(viewer.gtkWidget, "viewer.show-text", nil)
      XCTAssertFalse(viewer.isShowingText)
      XCTAssertNil(viewer.textView.outline)
    }
  }

  func testTheTextViewFollowsASectionAndAnError() throws {
    try onMain {
      let server = try TestServer()
      server.route("/help", .page(Self.helpPage + String(repeating: "<p>More text.</p>", count: 80)))
      defer { server.stop() }
      let dialog = HelpDialog.present(server.url("/help"), title: "Follow")
      defer { dialog.close() }
      let viewer = dialog.viewer
      viewer.showsText = true
      waitUntil("the text was read") { viewer.textView.outline != nil }
      viewer.load(address: server.url("/help").absoluteString + "#conflicts")
      waitUntil("the section has the focus") {
        focusIs(UnsafeMutableRawPointer(viewer.textView.blockWidgets[6]), in: dialog.gtkWindow)
      }
      viewer.load(try closedPortURL())
      waitUntil("failed") { viewer.state.error != nil }
      XCTAssertNil(viewer.textView.outline, "no text of the page before under the error")
      XCTAssertEqual(viewer.stack.visibleChildName, "error")
    }
  }

  func testAMallardPageShowsAsText() throws {
    try XCTSkipUnless(MallardViewerTests.hasYelpXSL, "yelp-xsl is not installed")
    try onMain {
      let book = try HelpBook(folder: MallardViewerTests.fixture, languages: [])
      let dialog = HelpDialog.present(topic: "sync", in: book)
      defer { dialog.close() }
      let viewer = dialog.viewer
      viewer.showsText = true
      waitUntil("the topic as text") { viewer.textView.outline?.title == "Synchronize notes" }
      let blocks = try XCTUnwrap(viewer.textView.outline?.blocks)
      let headings = blocks.filter { if case .heading = $0.kind { return true } else { return false } }
      XCTAssertEqual(headings.first?.text, "Synchronize notes")
      XCTAssertEqual(headings.first?.kind, .heading(level: 1))
      XCTAssertTrue(headings.contains { $0.text == "Conflicts" && $0.kind == .heading(level: 2) }, "\(headings)")
      XCTAssertEqual(blocks.first?.text, "Notes Help", "the trail is its links, without its separators")
      XCTAssertTrue(blocks.contains { $0.text == "Notes synchronizes through your account." && $0.kind == .paragraph })
      XCTAssertTrue(blocks.contains { $0.anchors.contains("conflicts") }, "the section's id")
      XCTAssertTrue(
        blocks.contains { if case .link = $0.kind { return true } else { return false } }, "the guide links")
      let widgets = viewer.textView.blockWidgets
      let first = try XCTUnwrap(blocks.firstIndex { $0.kind == .heading(level: 1) })
      XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(widgets[first])), GTK_ACCESSIBLE_ROLE_HEADING)
    }
  }

  func testReachingTheEndOfTheTextEnablesAccept() throws {
    try onMain {
      let server = try TestServer()
      let clauses = (1...120).map { "<p>Clause \($0): the terms go on and on, as terms do.</p>" }
      server.route("/terms", .page("<!DOCTYPE html><title>Text Terms</title><h1>Terms</h1>" + clauses.joined()))
      defer { server.stop() }
      let parent = showInWindow(gtk_label_new("host")!, title: "Terms Host")
      defer { gtk_window_destroy(parent) }
      let dialog = TermsDialog(server.url("/terms"), over: parent)
      dialog.viewer.showsText = true
      dialog.present()
      let viewer = dialog.viewer
      waitUntil("the terms as text") { viewer.textView.outline?.blocks.count == 121 }
      let scroll = try XCTUnwrap(gtk_scrolled_window_get_vadjustment(gcast(viewer.textView.root.widget)))
      waitUntil("laid out") { gtk_adjustment_get_page_size(scroll) > 0 }
      XCTAssertFalse(viewer.textView.isAtEnd, "the text is longer than the view")
      XCTAssertFalse(gtk_widget_get_sensitive(gcast(dialog.footer.acceptButton)) != 0)
      // The keyboard: the focus on the last clause scrolls the view to its end.
      let last = try XCTUnwrap(viewer.textView.blockWidgets.last)
      gtk_widget_grab_focus(last)
      waitUntil("Accept enabled") { gtk_widget_get_sensitive(gcast(dialog.footer.acceptButton)) != 0 }
      XCTAssertTrue(dialog.hasReachedEnd)
      // Accept and Decline are next in the keyboard's order.
      XCTAssertEqual(gtk_widget_get_focusable(gcast(dialog.footer.acceptButton)), 1)
      XCTAssertEqual(gtk_widget_child_focus(gcast(dialog.gtkWindow), GTK_DIR_TAB_FORWARD), 1)
      XCTAssertTrue(focusIs(UnsafeMutableRawPointer(dialog.footer.declineButton), in: dialog.gtkWindow))
      XCTAssertEqual(gtk_widget_child_focus(gcast(dialog.gtkWindow), GTK_DIR_TAB_FORWARD), 1)
      XCTAssertTrue(focusIs(UnsafeMutableRawPointer(dialog.footer.acceptButton), in: dialog.gtkWindow))
      gtk_widget_activate(gcast(dialog.footer.acceptButton))
      waitUntil("accepted") { dialog.decision != nil }
      XCTAssertEqual(dialog.decision?.receipt?.title, "Text Terms")
    }
  }
}
