import HelpViewerCWebKit
import HelpViewerCore

extension UnsafeMutablePointer where Pointee == WebKitWebView {
  /// Evaluates `script` in the page (the page's own world): `answered` runs once, on the main
  /// thread, with the script's value as text (`""` for one without text, such as `undefined`),
  /// or with the error (a script that threw, JavaScript off, the web process gone). The one
  /// place a script is evaluated: the watchdog's question, the benchmark and the tests use it.
  ///
  /// ```swift
  /// webView.evaluate("document.title") { answer in print((try? answer.get()) ?? "no answer") }
  /// ```
  public func evaluate(_ script: String, answered: @escaping @MainActor (Result<String, PlatformError>) -> Void) {
    let (callback, data) = asyncReady { source, result in
      var error: UnsafeMutablePointer<GError>?
      guard let source, let value = webkit_web_view_evaluate_javascript_finish(gcast(source), result, &error) else {
        answered(.failure(PlatformError(taking: error)))
        return
      }
      defer { g_object_unref(UnsafeMutableRawPointer(value)) }
      let text = jsc_value_to_string(value)
      defer { g_free(text) }
      answered(.success(text.map { String(cString: $0) } ?? ""))
    }
    webkit_web_view_evaluate_javascript(self, script, -1, nil, nil, nil, callback, data)
  }
}
