import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import Observation
import XCTest

@testable import HelpViewer

/// Zoom through real key presses and the `viewer.*` actions, checked against WebKit's own zoom
/// level; printing to a real PDF file through WebKit's print operation and GTK's file printer.
final class ZoomAndPrintTests: GtkTestCase {
  func testZoomKeysChangeWebKitsZoomLevel() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Zoom</title><p>Some text</p>"))
      let viewer = LoadingWebView(url: server.url("/"))
      let window = showInWindow(viewer.gtkWidget, title: "Zoom keys test")
      defer { gtk_window_destroy(window) }
      waitUntil("loaded") { viewer.state.phase == .loaded }
      gtk_widget_grab_focus(gcast(viewer.webView))
      XCTAssertEqual(webkit_web_view_get_zoom_level(viewer.webView), 1, accuracy: 0.001)
      XCTAssertEqual(viewer.zoomLabel, "100%")
      XCTAssertFalse(viewer.actions.isEnabled(.zoomReset), "already at the default")

      try pressKeys("ctrl+plus", in: window)
      waitUntil("Ctrl+plus zoomed in") { abs(webkit_web_view_get_zoom_level(viewer.webView) - 1.1) < 0.001 }
      XCTAssertEqual(viewer.zoomLabel, "110%")
      XCTAssertTrue(viewer.actions.isEnabled(.zoomReset))
      try pressKeys("ctrl+equal", in: window)
      waitUntil("Ctrl+equal zoomed in") { abs(webkit_web_view_get_zoom_level(viewer.webView) - 1.25) < 0.001 }
      try pressKeys("ctrl+KP_Add", in: window)
      waitUntil("Ctrl+keypad plus zoomed in") { abs(webkit_web_view_get_zoom_level(viewer.webView) - 1.5) < 0.001 }
      try pressKeys("ctrl+minus", in: window)
      waitUntil("Ctrl+minus zoomed out") { abs(webkit_web_view_get_zoom_level(viewer.webView) - 1.25) < 0.001 }
      try pressKeys("ctrl+0", in: window)
      waitUntil("Ctrl+0 reset") { abs(webkit_web_view_get_zoom_level(viewer.webView) - 1) < 0.001 }
      try pressKeys("ctrl+minus", in: window)
      waitUntil("Ctrl+minus below 100%") { abs(webkit_web_view_get_zoom_level(viewer.webView) - 0.9) < 0.001 }
      XCTAssertEqual(viewer.model.zoomLabel, "90%")
    }
  }

  func testTheHostsDefaultZoomAppliesAndPersistsAcrossLoads() throws {
    try onMain {
      let server = try TestServer()
      server.route("/one", .page("<title>One</title><a href='/two'>two</a>"))
      server.route("/two", .page("<title>Two</title>"))
      var configuration = ViewerConfiguration()
      configuration.defaultZoomLevel = 1.25
      let viewer = LoadingWebView(url: server.url("/one"), configuration: configuration)
      let window = showInWindow(viewer.gtkWidget, title: "Zoom default test")
      defer { gtk_window_destroy(window) }
      waitUntil("loaded") { viewer.state.phase == .loaded }
      XCTAssertEqual(webkit_web_view_get_zoom_level(viewer.webView), 1.25, accuracy: 0.001)
      XCTAssertEqual(viewer.zoomLabel, "125%")

      viewer.zoomIn()
      XCTAssertEqual(webkit_web_view_get_zoom_level(viewer.webView), 1.5, accuracy: 0.001)
      viewer.load(server.url("/two"))
      waitUntil("the second page loaded") { viewer.state.title == "Two" && viewer.state.phase == .loaded }
      XCTAssertEqual(webkit_web_view_get_zoom_level(viewer.webView), 1.5, accuracy: 0.001, "kept across loads")
      XCTAssertEqual(viewer.zoomLevel, 1.5, accuracy: 0.001)

      viewer.resetZoom()
      XCTAssertEqual(webkit_web_view_get_zoom_level(viewer.webView), 1.25, accuracy: 0.001, "reset goes to the default")

      viewer.zoomLevel = 10
      XCTAssertEqual(viewer.zoomLevel, 3, "clamped")
      XCTAssertEqual(webkit_web_view_get_zoom_level(viewer.webView), 3, accuracy: 0.001)
      XCTAssertFalse(viewer.actions.isEnabled(.zoomIn), "at the largest level")
      viewer.zoomLevel = 0.01
      XCTAssertEqual(viewer.zoomLevel, 0.3, accuracy: 0.001)
      XCTAssertFalse(viewer.actions.isEnabled(.zoomOut), "at the smallest level")
    }
  }

  func testViewerActionsWorkInAnEmbeddedViewer() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Embedded</title><p>cherry cherry</p>"))
      let viewer = LoadingWebView(url: server.url("/"))
      let box: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
      gtk_box_append(gcast(box), gtk_label_new("The host's own content")!)
      gtk_box_append(gcast(box), viewer.gtkWidget)
      let window = showInWindow(box, title: "Embedded actions test")
      defer { gtk_window_destroy(window) }
      waitUntil("loaded") { viewer.state.phase == .loaded }
      final class Flag: @unchecked Sendable { var changes = 0 }
      let flag = Flag()
      let model = viewer.model
      withObservationTracking {
        _ = model.zoomLabel
      } onChange: {
        flag.changes += 1
      }

      XCTAssertTrue(activate(viewer, "viewer.zoom-in"))
      XCTAssertEqual(webkit_web_view_get_zoom_level(viewer.webView), 1.1, accuracy: 0.001)
      XCTAssertEqual(flag.changes, 1, "Observation sees the zoom label change")
      XCTAssertTrue(activate(viewer, "viewer.zoom-out"))
      XCTAssertTrue(activate(viewer, "viewer.zoom-out"))
      XCTAssertEqual(webkit_web_view_get_zoom_level(viewer.webView), 0.9, accuracy: 0.001)
      XCTAssertTrue(activate(viewer, "viewer.zoom-reset"))
      XCTAssertEqual(webkit_web_view_get_zoom_level(viewer.webView), 1, accuracy: 0.001)

      XCTAssertTrue(activate(viewer, "viewer.find"))
      XCTAssertTrue(viewer.model.findState.isShown)
      viewer.find("cherry")
      waitUntil("counted") { viewer.model.findState.matchCount == 2 }
      XCTAssertTrue(activate(viewer, "viewer.find-next"))
      XCTAssertTrue(activate(viewer, "viewer.find-previous"))
      XCTAssertTrue(viewer.actions.isEnabled(.print))
    }
  }

  func testControlPOpensThePrintDialogOverTheViewersWindow() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Release Notes</title><p>Text</p>"))
      var webView: GWeakObject?
      do {
        let viewer = LoadingWebView(url: server.url("/"))
        webView = GWeakObject(viewer.webView)
        let window = showInWindow(viewer.gtkWidget, title: "Print dialog test")
        defer { gtk_window_destroy(window) }
        waitUntil("loaded with its title") { viewer.state.phase == .loaded && viewer.state.title != nil }
        gtk_widget_grab_focus(gcast(viewer.webView))

        // WebKit runs the print dialog in a nested main loop: a timer in that loop finds the
        // dialog and cancels it. (The dialog's own settings hold only what its printer offers;
        // the document name is checked on the operation in the PDF test.)
        var transientFor: UnsafeMutablePointer<GtkWindow>?
        var cancelled = false
        var polls = 0
        var timer: TimeoutSource?
        @MainActor func poll() {
          polls += 1
          if let dialog = openPrintDialog() {
            transientFor = gtk_window_get_transient_for(gcast(dialog))
            gtk_dialog_response(gcast(dialog), GTK_RESPONSE_CANCEL.rawValue)
            cancelled = true
          } else if polls < 400 {
            timer = TimeoutSource(seconds: 0.05) { poll() }
          }
        }
        poll()
        try pressKeys("ctrl+p", in: window)
        waitUntil("Ctrl+P opened the print dialog, and it was cancelled") { cancelled }
        timer?.cancel()
        XCTAssertEqual(transientFor, window, "the dialog is over the viewer's window")
        XCTAssertEqual(viewer.state.phase, .loaded, "cancelling leaves the page as it was")
      }
      // Run from inside Ctrl+P's key event, the dialog's nested loop left the view alive (issue 21).
      resetSharedState()
      waitUntil("the viewer's web view was freed with its window") { webView?.isAlive == false }
    }
  }

  func testPrintingWritesAPDFNamedAfterThePageTitle() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Printing / Help</title><h1>Print me</h1><p>Some text to print.</p>"))
      let viewer = LoadingWebView(url: server.url("/"))
      let window = showInWindow(viewer.gtkWidget, title: "Print test")
      defer { gtk_window_destroy(window) }

      var noPage: PrintFailure?
      viewer.print(toPDF: "/nonexistent/never.pdf") { noPage = $0 }
      XCTAssertNotNil(noPage, "nothing to print before a page loaded")

      waitUntil("loaded with its title") { viewer.state.phase == .loaded && viewer.state.title != nil }
      XCTAssertEqual(viewer.documentName, "Printing - Help")
      let job = viewer.makePrintJob()
      let applied = webkit_print_operation_get_print_settings(job.operation.opaque)
      XCTAssertEqual(
        gtk_print_settings_get(applied, GTK_PRINT_SETTINGS_OUTPUT_BASENAME).map { String(cString: $0) },
        "Printing - Help")

      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hv-print-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let path = folder.appendingPathComponent("page.pdf").path
      var finished = false
      var failure: PrintFailure?
      viewer.print(toPDF: path) {
        failure = $0
        finished = true
      }
      waitUntil("WebKit finished printing", timeout: 30) { finished }
      XCTAssertNil(failure)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      XCTAssertGreaterThan(bytes.count, 500)
      XCTAssertEqual(String(decoding: bytes.prefix(5), as: UTF8.self), "%PDF-")
    }
  }

  /// GTK translates its file printer's name ("In Datei drucken"): printing to PDF finds the
  /// printer by what it can do, so it works in a German session. The test runs again in a
  /// process started in German (GTK reads the language when it starts). `LC_ALL=C.UTF-8`:
  /// gettext ignores `LANGUAGE` under "C", and no German locale need be installed.
  func testPrintingToPDFWorksInAGermanSession() throws {
    let name = "ZoomAndPrintTests/testPrintingToPDFWorksInAGermanSession"
    guard ChildTestRun.isChild(name) else {
      return try onMain {
        try ChildTestRun.run(name, ["LANGUAGE": "de", "LANG": "de_DE.UTF-8", "LC_ALL": "C.UTF-8"])
      }
    }
    try onMain {
      var printer: String??
      FilePrinter.find { printer = .some($0) }
      waitUntil("GTK listed its printers", timeout: 30) { printer != nil }
      XCTAssertEqual(printer, "In Datei drucken", "GTK's file printer has its German name in this process")

      let server = try TestServer()
      server.route("/", .page("<title>Drucken</title><h1>Hilfe</h1><p>Etwas Text zum Drucken.</p>"))
      let viewer = LoadingWebView(url: server.url("/"))
      let window = showInWindow(viewer.gtkWidget, title: "Print test (German)")
      defer { gtk_window_destroy(window) }
      waitUntil("loaded") { viewer.state.phase == .loaded && viewer.state.title != nil }
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hv-print-de-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let path = folder.appendingPathComponent("seite.pdf").path
      var finished = false
      var failure: PrintFailure?
      viewer.print(toPDF: path) {
        failure = $0
        finished = true
      }
      waitUntil("WebKit finished printing", timeout: 30) { finished }
      XCTAssertNil(failure)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
      XCTAssertEqual(String(decoding: bytes.prefix(5), as: UTF8.self), "%PDF-")
    }
  }
}

/// Activates `name` on the viewer's widget as a menu item or `gtk_widget_activate_action` would.
@MainActor
private func activate(_ viewer: LoadingWebView, _ name: String) -> Bool {
  gtk_widget_activate_action_variant(viewer.gtkWidget, name, nil) != 0
}

/// GTK's print dialog, when one of the toplevel windows is one.
@MainActor
private func openPrintDialog() -> UnsafeMutableRawPointer? {
  guard let toplevels = gtk_window_get_toplevels() else { return nil }
  for index in 0..<g_list_model_get_n_items(toplevels) {
    guard let item = g_list_model_get_item(toplevels, index) else { continue }
    defer { g_object_unref(item) }
    let type = g_type_name(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(item)).pointee.g_class.pointee.g_type)
    if type.map({ String(cString: $0) }) == "GtkPrintUnixDialog" { return item }
  }
  return nil
}
