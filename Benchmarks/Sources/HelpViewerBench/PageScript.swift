import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue

/// Runs JavaScript in the page a viewer shows, as a test would (`webkit_web_view_evaluate_javascript`):
/// the benchmark's way to act in a page (click a link) and to read it.
///
/// ```swift
/// guard let webView = PageScript.webView(in: dialog.viewer.widget) else { return }
/// let hrefs = PageScript.evaluate("document.links.length", in: webView)   // "42"
/// PageScript.run("document.querySelector('a').click()", in: webView)
/// ```
@MainActor
enum PageScript {
  /// The first `WebKitWebView` in the widget tree under `root` (a `GtkWidget *`).
  static func webView(in root: OpaquePointer) -> UnsafeMutablePointer<WebKitWebView>? {
    let type = webkit_web_view_get_type()
    var pending: [UnsafeMutablePointer<GtkWidget>] = [UnsafeMutablePointer(root)]
    while let widget = pending.popLast() {
      if g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type)
        != 0
      {
        return gcast(UnsafeMutableRawPointer(widget))
      }
      var child = gtk_widget_get_first_child(widget)
      while let current = child {
        pending.append(current)
        child = gtk_widget_get_next_sibling(current)
      }
    }
    return nil
  }

  /// Starts `script` in the page and returns at once (no answer awaited).
  static func run(_ script: String, in webView: UnsafeMutablePointer<WebKitWebView>) {
    webView.evaluate(script) { _ in }
  }

  /// `script`'s value as a string, the main loop spun until it comes (10 s at most); `nil` when
  /// the script failed or no answer came.
  static func evaluate(_ script: String, in webView: UnsafeMutablePointer<WebKitWebView>) -> String? {
    var answer: Result<String, PlatformError>?
    webView.evaluate(script) { answer = $0 }
    MainLoop.spin(until: { answer != nil }, timeout: 10)
    return try? answer?.get()
  }
}
