import HelpViewerCGtk
import HelpViewerCWebKit
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
    webkit_web_view_evaluate_javascript(webView, script, -1, nil, nil, nil, nil, nil)
  }

  /// `script`'s value as a string, the main loop spun until it comes (10 s at most); `nil` when
  /// the script failed or no answer came.
  static func evaluate(_ script: String, in webView: UnsafeMutablePointer<WebKitWebView>) -> String? {
    let answer = Answer()
    let data = Unmanaged.passRetained(answer).toOpaque()
    webkit_web_view_evaluate_javascript(webView, script, -1, nil, nil, nil, answered, data)
    MainLoop.spin(until: { answer.done }, timeout: 10)
    return answer.text
  }

  private final class Answer {
    var done = false
    var text: String?
  }

  private static let answered: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    let answer = Unmanaged<Answer>.fromOpaque(data).takeRetainedValue()
    var error: UnsafeMutablePointer<GError>?
    defer { g_clear_error(&error) }
    answer.done = true
    guard let source, let value = webkit_web_view_evaluate_javascript_finish(gcast(source), result, &error) else {
      return
    }
    defer { g_object_unref(UnsafeMutableRawPointer(value)) }
    guard let text = jsc_value_to_string(value) else { return }
    defer { g_free(text) }
    answer.text = String(cString: text)
  }
}
