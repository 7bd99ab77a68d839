import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import XCTest

@testable import HelpViewerGlue

/// Runs `script` in the page of `webView` (the page's own world) and returns its result as a
/// string, spinning the main loop until it arrives; `nil` (and a test failure) when it fails.
@MainActor
func evaluate(
  _ script: String, in webView: UnsafeMutablePointer<WebKitWebView>, file: StaticString = #filePath, line: UInt = #line
) -> String? {
  var answer: Result<String, PlatformError>?
  let (callback, data) = asyncReady { source, result in
    var error: UnsafeMutablePointer<GError>?
    guard let source, let value = webkit_web_view_evaluate_javascript_finish(gcast(source), result, &error) else {
      answer = .failure(PlatformError(taking: error))
      return
    }
    defer { g_object_unref(UnsafeMutableRawPointer(value)) }
    let text = jsc_value_to_string(value)
    defer { g_free(text) }
    answer = .success(text.map { String(cString: $0) } ?? "")
  }
  webkit_web_view_evaluate_javascript(webView, script, -1, nil, nil, nil, callback, data)
  waitUntil("the page answered \(script)", file: file, line: line) { answer != nil }
  switch answer {
  case .success(let text): return text
  case .failure(let error):
    XCTFail("\(script) failed: \(error)", file: file, line: line)
    return nil
  case nil: return nil
  }
}
