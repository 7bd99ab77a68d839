import HelpViewerCWebKit

extension UnsafeMutablePointer where Pointee == WebKitWebView {
  /// Runs `script` in the page, in the isolated world `world` (the page's own scripts neither
  /// see it nor can change what it uses), and forgets the answer: for the viewer's own small
  /// jobs on a page. The page's Content-Security-Policy does not apply to it.
  ///
  /// ```swift
  /// webView.runIsolatedScript("document.getElementById('top')?.scrollIntoView()", world: "help-viewer")
  /// ```
  public func runIsolatedScript(_ script: String, world: String) {
    IsolatedWorlds.keep(world)
    webkit_web_view_evaluate_javascript(self, script, -1, world, nil, nil, nil, nil)
  }
}

extension UnsafeMutablePointer where Pointee == WebKitWebView {
  /// Runs `script` in the isolated world `world`, as `runIsolatedScript`, and calls `answered`
  /// once with its value when that is a string, else with `nil` (an error, another type, the
  /// page gone). WebKit runs the script as a user gesture: a `click()` in it acts as a click.
  ///
  /// ```swift
  /// webView.evaluateIsolatedScript("JSON.stringify({a: 1})", world: "help-viewer") { print($0 ?? "none") }
  /// ```
  public func evaluateIsolatedScript(
    _ script: String, world: String, _ answered: @escaping @MainActor (String?) -> Void
  ) {
    let (callback, data) = asyncReady { source, result in
      var error: UnsafeMutablePointer<GError>?
      var text: String?
      if let source, let value = webkit_web_view_evaluate_javascript_finish(gcast(source), result, &error) {
        if jsc_value_is_string(value) != 0, let chars = jsc_value_to_string(value) {
          text = String(cString: chars)
          g_free(chars)
        }
        g_object_unref(UnsafeMutableRawPointer(value))
      }
      g_clear_error(&error)
      answered(text)
    }
    IsolatedWorlds.keep(world)
    webkit_web_view_evaluate_javascript(self, script, -1, world, nil, nil, callback, data)
  }
}

/// Keeps each isolated world a script ran in for the app's lifetime, so what one script leaves
/// in it (`window.__…`) is there for the next. WebKit names a world by its name only while
/// something holds it: WebKitGTK 2.52 makes a new, empty world for each evaluation otherwise
/// (2.50 kept it), and the text view's links and buttons, kept by the reading script for the
/// activation script, were gone. A user script for the world, never added to a page, holds it.
private enum IsolatedWorlds {
  nonisolated(unsafe) static var held: [String: OpaquePointer] = [:]

  /// Holds `world` from now on (main thread only, as every WebKit call).
  static func keep(_ world: String) {
    guard held[world] == nil else { return }
    held[world] = webkit_user_script_new_for_world(
      "", WEBKIT_USER_CONTENT_INJECT_TOP_FRAME, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END, world, nil, nil)
  }
}
