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
  webView.evaluate(script) { answer = $0 }
  waitUntil("the page answered \(script)", file: file, line: line) { answer != nil }
  switch answer {
  case .success(let text): return text
  case .failure(let error):
    XCTFail("\(script) failed: \(error)", file: file, line: line)
    return nil
  case nil: return nil
  }
}
