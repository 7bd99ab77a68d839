import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// GTK's dark preference reaches the web view's background (no white flash) and the pages
/// (`prefers-color-scheme`), bundled pages included.
final class DarkModeTests: GtkTestCase {
  override func tearDown() {
    MainActor.assumeIsolated { DarkPreference.isPreferred = false }
    super.tearDown()
  }

  func testTheDarkPreferenceDarkensTheBackgroundAndThePages() throws {
    try onMain {
      let server = try TestServer()
      server.route(
        "/scheme",
        .page(
          "<title>?</title><script>document.title = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'</script>"
        ))
      defer { server.stop() }
      DarkPreference.isPreferred = true
      XCTAssertTrue(DarkPreference.isPreferred)

      // Before anything loads, the background is already dark: no white frame first.
      let dialog = HelpDialog(title: "Dark")
      defer { dialog.close() }
      let viewer = dialog.viewer
      XCTAssertEqual(backgroundColor(viewer.webView), LoadingWebView.darkBackground.hexString)
      dialog.present()
      viewer.load(server.url("/scheme"))
      waitUntil("the page saw the dark preference") { viewer.state.title == "dark" }

      viewer.load(try notebookPage("help/C/index.html"))
      waitUntil("the bundled help loaded") { viewer.state.phase == .loaded && viewer.state.title != "dark" }
      XCTAssertEqual(evaluate("getComputedStyle(document.body).backgroundColor", in: viewer.webView), "rgb(30, 30, 30)")

      // Back to light: the background follows at once, and pages from then on are light.
      DarkPreference.isPreferred = false
      XCTAssertEqual(backgroundColor(viewer.webView), LoadingWebView.lightBackground.hexString)
      waitUntil("the bundled page turned light") {
        evaluate("getComputedStyle(document.body).backgroundColor", in: viewer.webView) == "rgb(255, 255, 255)"
      }
      viewer.load(server.url("/scheme"))
      waitUntil("the page saw the light preference") { viewer.state.title == "light" }
    }
  }
}

@MainActor
private func backgroundColor(_ webView: UnsafeMutablePointer<WebKitWebView>) -> String {
  var color = GdkRGBA()
  webkit_web_view_get_background_color(webView, &color)
  return color.hexString
}

extension GdkRGBA {
  /// `#rrggbbaa`, for comparing colors in tests.
  fileprivate var hexString: String {
    [red, green, blue, alpha].map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined()
  }
}

extension Color {
  /// `#rrggbbaa` (opaque), for comparing colors in tests.
  fileprivate var hexString: String {
    GdkRGBA(red: Float(red), green: Float(green), blue: Float(blue), alpha: 1).hexString
  }
}
