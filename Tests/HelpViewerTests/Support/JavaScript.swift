import CGtk
import CWebKit
import HelpViewerGlue
import XCTest

/// Runs `script` in the page's main world and returns its value as a string (`nil` on error).
@MainActor
func evaluateJavaScript(
  _ script: String, in webView: UnsafeMutablePointer<WebKitWebView>, file: StaticString = #filePath, line: UInt = #line
) -> String? {
  final class Outcome: @unchecked Sendable {
    var done = false
    var value: String?
  }
  let outcome = Outcome()
  webkit_web_view_evaluate_javascript(
    webView, script, -1, nil, nil, nil,
    { source, result, data in
      guard let data else { return }
      let outcome = Unmanaged<Outcome>.fromOpaque(data).takeRetainedValue()
      var error: UnsafeMutablePointer<GError>?
      let view = UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: WebKitWebView.self)
      if let value = webkit_web_view_evaluate_javascript_finish(view, result, &error) {
        if let text = jsc_value_to_string(value) {
          outcome.value = String(cString: text)
          g_free(text)
        }
        g_object_unref(UnsafeMutableRawPointer(value))
      }
      g_clear_error(&error)
      outcome.done = true
    }, Unmanaged.passRetained(outcome).toOpaque())
  waitUntil("the script ran", file: file, line: line) { outcome.done }
  return outcome.value
}
