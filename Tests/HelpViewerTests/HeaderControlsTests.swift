import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// The dialog's header bar: host line and lock, Open in Browser, the menu, and controls a host
/// leaves out; driven through the real widgets and actions.
final class HeaderControlsTests: GtkTestCase {
  func testHostLineAndLockFollowThePage() throws {
    try onMain {
      let server = try TestServer()
      server.route("/page", .page("<title>Plain</title>"))
      defer { server.stop() }
      let dialog = HelpDialog.present(server.url("/page"), title: "Help", controls: .all)
      defer { dialog.close() }
      let title = dialog.header.title
      waitUntil("loaded") { dialog.viewer.state.phase == .loaded }
      XCTAssertEqual(title.shownHost, "127.0.0.1:\(server.port)")
      XCTAssertEqual(iconName(title.lockIcon), "channel-insecure-symbolic", "plain HTTP shows an open lock")
      XCTAssertEqual(title.lockIcon.isVisible, true)
      XCTAssertEqual(title.lockIcon.tooltip, "Connection is not secure")

      dialog.viewer.load(try notebookPage("help/C/index.html"))
      waitUntil("the bundled page loaded") {
        dialog.viewer.state.phase == .loaded && dialog.viewer.state.url?.hasPrefix("help-viewer:") == true
      }
      XCTAssertNil(title.shownHost, "bundled pages have no host line")
      XCTAssertEqual(title.lockIcon.isVisible, false)

      // An HTTPS page (its certificate valid, or WebKit would have refused it) has a closed lock.
      title.render(title: "Secure", origin: PageOrigin(address: "https://example.com/help"))
      XCTAssertEqual(title.shownHost, "example.com")
      XCTAssertEqual(iconName(title.lockIcon), "channel-secure-symbolic")
      XCTAssertEqual(title.lockIcon.isVisible, true)
      XCTAssertNil(accessibleLabelMismatch(title.lockIcon.widget, expected: "Secure connection"))
    }
  }

  func testOpenInBrowserOpensThePageOrTheAddressThatFailed() throws {
    try onMain {
      let server = try TestServer()
      server.route("/page", .page("<title>Page</title>"))
      defer { server.stop() }
      let dialog = HelpDialog.present(server.url("/page"), title: "Help", controls: .all)
      defer { dialog.close() }
      var opened: [String] = []
      dialog.viewer.openExternally = { opened.append($0) }
      let button = dialog.header.openInBrowserButton
      waitUntil("loaded") { dialog.viewer.state.phase == .loaded }
      XCTAssertEqual(gtk_widget_get_visible(gcast(button)), 1)
      XCTAssertEqual(gtk_widget_get_sensitive(gcast(button)), 1)
      gtk_widget_activate(gcast(button))
      waitUntil("the button opened the page") { opened.count == 1 }
      XCTAssertEqual(opened, [server.url("/page").absoluteString])

      // The menu's item fires the same action, found from the menu button up.
      XCTAssertEqual(
        gtk_widget_activate_action_variant(gcast(dialog.header.menu.button), "dialog.open-in-browser", nil), 1)
      XCTAssertEqual(opened.count, 2)

      let failing = try closedPortURL()
      dialog.viewer.load(failing)
      waitUntil("failed") { dialog.viewer.state.error != nil }
      gtk_widget_activate(gcast(button))
      waitUntil("the failed address went to the browser") { opened.count == 3 }
      XCTAssertEqual(opened.last, failing.absoluteString)

      dialog.viewer.load(try notebookPage("help/C/index.html"))
      waitUntil("the bundled page loaded") { dialog.viewer.state.phase == .loaded }
      XCTAssertEqual(gtk_widget_get_visible(gcast(button)), 0, "a browser cannot open bundled pages: no button")
      XCTAssertFalse(dialog.actions.isEnabled("open-in-browser"))
      dialog.openInBrowser()
      gtk_widget_activate(gcast(button))
      XCTAssertEqual(opened.count, 3)
    }
  }

  func testEachControlCanBeLeftOut() {
    onMain {
      let header = { (controls: HelpDialog.Controls) -> [Int32] in
        let dialog = HelpDialog(title: "Help", controls: controls)
        defer { dialog.close() }
        let h = dialog.header
        let buttons: [UnsafeMutablePointer<GtkWidget>] = [
          gcast(h.backButton), gcast(h.forwardButton), gcast(h.reloadButton), gcast(h.openInBrowserButton),
          gcast(h.menu.button), gcast(h.closeButton),
        ]
        return buttons.map { gtk_widget_get_visible($0) }
      }
      XCTAssertEqual(header(.all), [1, 1, 1, 1, 1, 1])
      XCTAssertEqual(header([]), [0, 0, 0, 0, 0, 0])
      XCTAssertEqual(header(.navigation), [1, 1, 1, 0, 0, 0])
      XCTAssertEqual(header(.openInBrowser), [0, 0, 0, 1, 0, 0])
      XCTAssertEqual(header(.menu), [0, 0, 0, 0, 1, 0])
      XCTAssertEqual(header(.close), [0, 0, 0, 0, 0, 1])
      XCTAssertEqual(header(.standard), [0, 0, 0, 0, 1, 1], "the menu and close unless the host says otherwise")
      XCTAssertEqual(HelpDialog.Controls.standard(showsNavigation: true), [.navigation, .menu, .close])
    }
  }

  func testMenuHoldsZoomFindPrintShowAsTextAndOpenInBrowser() {
    onMain {
      let dialog = HelpDialog(title: "Help")
      defer { dialog.close() }
      let menu = dialog.header.menu
      XCTAssertEqual(
        gtk_menu_button_get_icon_name(gcast(menu.button)).map { String(cString: $0) }, "open-menu-symbolic")
      let items = menuItems(menu.model.pointer(GMenuModel.self))
      XCTAssertEqual(
        items.map(\.action),
        [
          "viewer.zoom-out", "viewer.zoom-reset", "viewer.zoom-in", "viewer.find", "viewer.print",
          "viewer.show-text", "dialog.open-in-browser",
        ])
      XCTAssertEqual(
        items.map(\.label), ["Zoom Out", "100%", "Zoom In", "Find…", "Print…", "Show as Text", "Open in Browser"])
      dialog.header.setZoomLabel(percent: 120)
      XCTAssertEqual(menuItems(menu.model.pointer(GMenuModel.self)).map(\.label)[1], "120%")
      XCTAssertEqual(menuItems(menu.model.pointer(GMenuModel.self)).map(\.action)[1], "viewer.zoom-reset")
    }
  }

  func testMenuItemsReachTheViewerActionsAndShowTheZoomLevel() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Zoom</title><p>Some text</p>"))
      let dialog = HelpDialog.present(server.url("/"), title: "Help")
      defer { dialog.close() }
      waitUntil("loaded") { dialog.viewer.state.phase == .loaded }
      let menu = dialog.header.menu
      // GTK resolves a menu item's action from the menu button upwards, as a click on it would.
      let button: UnsafeMutablePointer<GtkWidget> = gcast(menu.button)
      XCTAssertEqual(gtk_widget_activate_action_variant(button, "viewer.zoom-in", nil), 1)
      XCTAssertEqual(webkit_web_view_get_zoom_level(dialog.viewer.webView), 1.1, accuracy: 0.001)
      XCTAssertEqual(menuItems(menu.model.pointer(GMenuModel.self)).map(\.label)[1], "110%")
      dialog.viewer.zoomOut()
      dialog.viewer.zoomOut()
      XCTAssertEqual(menuItems(menu.model.pointer(GMenuModel.self)).map(\.label)[1], "90%")
      XCTAssertEqual(gtk_widget_activate_action_variant(button, "viewer.zoom-reset", nil), 1)
      XCTAssertEqual(menuItems(menu.model.pointer(GMenuModel.self)).map(\.label)[1], "100%")
      XCTAssertEqual(gtk_widget_activate_action_variant(button, "viewer.find", nil), 1)
      XCTAssertTrue(dialog.viewer.model.findState.isShown)
    }
  }
}

/// The items of `model` and its sections, in order: label and action.
@MainActor
private func menuItems(_ model: UnsafeMutablePointer<GMenuModel>) -> [(label: String, action: String)] {
  var items: [(label: String, action: String)] = []
  for index in 0..<g_menu_model_get_n_items(model) {
    if let section = g_menu_model_get_item_link(model, index, "section") {
      items += menuItems(section)
      g_object_unref(section)
      continue
    }
    items.append((string(model, index, "label"), string(model, index, "action")))
  }
  return items
}

@MainActor
private func string(_ model: UnsafeMutablePointer<GMenuModel>, _ index: Int32, _ attribute: String) -> String {
  guard let value = g_menu_model_get_item_attribute_value(model, index, attribute, nil) else { return "" }
  defer { g_variant_unref(value) }
  return g_variant_get_string(value, nil).map { String(cString: $0) } ?? ""
}

@MainActor
private func iconName(_ image: Image) -> String? { image.iconName }
