import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// The dialog by keyboard alone: real key presses through the X server (xdotool).
final class KeyboardTests: GtkTestCase {
  func testAltArrowsGoBackAndForwardAndF5AndControlRReload() throws {
    try onMain {
      let server = try TestServer()
      server.route("/a", .page("<title>Keys A</title><p>a"))
      server.route("/b", .page("<title>Keys B</title><p>b"))
      defer { server.stop() }
      // No navigation buttons: the keys work all the same.
      let dialog = HelpDialog.present(server.url("/a"), title: "Keys")
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("page A loaded") { viewer.state.title == "Keys A" && viewer.state.phase == .loaded }
      viewer.load(server.url("/b"))
      waitUntil("page B loaded") {
        viewer.state.title == "Keys B" && viewer.state.phase == .loaded && viewer.state.canGoBack
      }

      try pressKeys("alt+Left", in: dialog.gtkWindow)
      waitUntil("Alt+Left went back to A") {
        viewer.state.url == server.url("/a").absoluteString && viewer.state.phase == .loaded
      }
      XCTAssertTrue(viewer.state.canGoForward)

      try pressKeys("alt+Right", in: dialog.gtkWindow)
      waitUntil("Alt+Right went forward to B") {
        viewer.state.url == server.url("/b").absoluteString && viewer.state.phase == .loaded
      }
      let hits = server.hits["/b"] ?? 0

      try pressKeys("F5", in: dialog.gtkWindow)
      waitUntil("F5 reloaded B from the server") { server.hits["/b"] == hits + 1 && viewer.state.phase == .loaded }

      try pressKeys("ctrl+r", in: dialog.gtkWindow)
      waitUntil("Ctrl+R reloaded B from the server") { server.hits["/b"] == hits + 2 && viewer.state.phase == .loaded }
      XCTAssertTrue(dialog.isOpen)
    }
  }

  func testTabReachesEveryControlAndReturnActivatesBack() throws {
    try onMain {
      let server = try TestServer()
      for name in ["one", "two", "three"] {
        server.route("/\(name)", .page("<title>Tab \(name)</title><p>\(name)"))
      }
      defer { server.stop() }
      let dialog = HelpDialog.present(server.url("/one"), title: "Tab", controls: .all)
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("one loaded") { viewer.state.title == "Tab one" && viewer.state.phase == .loaded }
      viewer.load(server.url("/two"))
      waitUntil("two loaded") { viewer.state.title == "Tab two" && viewer.state.phase == .loaded }
      viewer.load(server.url("/three"))
      waitUntil("three loaded") { viewer.state.title == "Tab three" && viewer.state.phase == .loaded }
      viewer.goBack()
      waitUntil("back on two") {
        viewer.state.title == "Tab two" && viewer.state.canGoForward && viewer.state.phase == .loaded
      }

      let header = dialog.header
      let back = UnsafeMutableRawPointer(header.backButton)
      let page = UnsafeMutableRawPointer(viewer.webView)
      let forwardOrder: [(String, UnsafeMutableRawPointer)] = [
        ("back", back),
        ("forward", UnsafeMutableRawPointer(header.forwardButton)),
        ("reload", UnsafeMutableRawPointer(header.reloadButton)),
        ("open in browser", UnsafeMutableRawPointer(header.openInBrowserButton)),
        ("menu", UnsafeMutableRawPointer(header.menu.button)),
        ("close", UnsafeMutableRawPointer(header.closeButton)),
        ("page", page),
        ("back again", back),
      ]
      waitUntil("the page has the focus") { focusIs(page, in: dialog.gtkWindow) }
      // Each Tab moves one step, leaving the page included (WebKit's echo of the Tab swallowed).
      for (name, control) in forwardOrder {
        moveFocus("Tab", in: dialog.gtkWindow)
        waitUntil("Tab reached \(name)") { focusIs(control, in: dialog.gtkWindow) }
      }
      for (name, control) in forwardOrder.dropLast().reversed() {
        moveFocus("shift+Tab", in: dialog.gtkWindow)
        waitUntil("Shift+Tab reached \(name)") { focusIs(control, in: dialog.gtkWindow) }
      }

      // Keyboard only: on Back, Return goes back.
      try pressKeys("Return", in: dialog.gtkWindow)
      waitUntil("Return on Back went back to one") { viewer.state.title == "Tab one" && viewer.state.phase == .loaded }
    }
  }

  func testTabLeavesThePageAfterItsLastFieldAndTypingStillWorks() throws {
    try onMain {
      let server = try TestServer()
      server.route("/form", .page("<title>Form</title><a href='/x'>link</a> <input id=field>"))
      defer { server.stop() }
      let dialog = HelpDialog.present(server.url("/form"), title: "Form keys", controls: .all)
      defer { dialog.close() }
      let webView = dialog.viewer.webView
      waitUntil("loaded") { dialog.viewer.state.phase == .loaded }
      waitUntil("the page has the focus") { focusIs(UnsafeMutableRawPointer(webView), in: dialog.gtkWindow) }
      try pressKeys("Tab", in: dialog.gtkWindow)
      waitUntil("Tab reached the link") { evaluate("document.activeElement.tagName", in: webView) == "A" }
      try pressKeys("Tab", in: dialog.gtkWindow)
      waitUntil("Tab reached the field") { evaluate("document.activeElement.id", in: webView) == "field" }
      // Typing and editing keys (WebKit's key bindings) reach the page's field.
      for key in ["a", "b", "c", "BackSpace", "Left", "x"] { try pressKeys(key, in: dialog.gtkWindow) }
      waitUntil("the field holds what was typed") {
        evaluate("document.getElementById('field').value", in: webView) == "axb"
      }
      try pressKeys("ctrl+a", in: dialog.gtkWindow)
      try pressKeys("y", in: dialog.gtkWindow)
      waitUntil("Ctrl+A selected the field's text") {
        evaluate("document.getElementById('field').value", in: webView) == "y"
      }
      // After the last field Tab leaves the page for the first header button that can act
      // (WebKit's own helper text view inside the web view does not keep it), and Return acts.
      try pressKeys("Tab", in: dialog.gtkWindow)
      waitUntil("Tab left the page for Reload") {
        focusIs(UnsafeMutableRawPointer(dialog.header.reloadButton), in: dialog.gtkWindow)
      }
      let hits = server.hits["/form"] ?? 0
      try pressKeys("Return", in: dialog.gtkWindow)
      waitUntil("Return on Reload reloaded the page") { server.hits["/form"] == hits + 1 }
    }
  }

  func testTheMenuOpensByKeyboardAndEscapeClosesOnlyTheMenu() throws {
    try onMain {
      let server = try TestServer()
      server.route("/page", .page("<title>Menu keys</title>"))
      defer { server.stop() }
      let dialog = HelpDialog.present(server.url("/page"), title: "Menu keys", controls: .all)
      defer { dialog.close() }
      let menu = dialog.header.menu
      waitUntil("loaded") { dialog.viewer.state.phase == .loaded && dialog.viewer.state.title == "Menu keys" }
      var presses = 0
      while !focusIs(UnsafeMutableRawPointer(menu.button), in: dialog.gtkWindow) && presses < 10 {
        moveFocus("Tab", in: dialog.gtkWindow)
        presses += 1
      }
      XCTAssertTrue(focusIs(UnsafeMutableRawPointer(menu.button), in: dialog.gtkWindow), "Tab reaches the menu button")
      try pressKeys("Return", in: dialog.gtkWindow)
      waitUntil("Return opened the menu") { menu.isOpen }
      try pressKeys("Escape", in: dialog.gtkWindow)
      waitUntil("Esc closed the menu") { !menu.isOpen }
      XCTAssertTrue(dialog.isOpen, "and not the dialog")
      try pressKeys("Escape", in: dialog.gtkWindow)
      waitUntil("a second Esc closed the dialog") { !dialog.isOpen }
    }
  }

  func testFailedPageRetriesAndShowsDetailsByKeyboard() throws {
    try onMain {
      let server = try TestServer()
      // No title on the failing page: the window keeps its title, which xdotool finds it by.
      server.route("/flaky", .page("<p>down</p>", status: 503))
      defer { server.stop() }
      let dialog = HelpDialog.present(server.url("/flaky"), title: "Retry by keys")
      defer { dialog.close() }
      let viewer = dialog.viewer
      waitUntil("failed") { viewer.state.error != nil }
      let retry = UnsafeMutableRawPointer(viewer.errorView.retryButton)
      waitUntil("Retry has the focus") { focusIs(retry, in: dialog.gtkWindow) }

      try pressKeys("Tab", in: dialog.gtkWindow)
      let expander = viewer.errorView.detailsExpander
      waitUntil("Tab moved on to Technical Details") {
        focusIs(UnsafeMutableRawPointer(expander), in: dialog.gtkWindow)
      }
      try pressKeys("space", in: dialog.gtkWindow)
      waitUntil("Space expanded the details") { expander.isExpanded }

      try pressKeys("shift+Tab", in: dialog.gtkWindow)
      waitUntil("Shift+Tab went back to Retry") { focusIs(retry, in: dialog.gtkWindow) }
      server.route("/flaky", .page("<title>Up</title>"))
      try pressKeys("Return", in: dialog.gtkWindow)
      waitUntil("Return on Retry loaded the page") { viewer.state.title == "Up" && viewer.state.phase == .loaded }
      waitUntil("the page has the focus") { focusIs(UnsafeMutableRawPointer(viewer.webView), in: dialog.gtkWindow) }
    }
  }
}

/// Presses `key` (Tab or Shift+Tab) and waits until GTK moved the focus.
@MainActor
private func moveFocus(_ key: String, in window: UnsafeMutablePointer<GtkWindow>) {
  let before = focusWidget(window)
  try? pressKeys(key, in: window)
  waitUntil("\(key) moved the focus") { focusWidget(window) != before }
}
