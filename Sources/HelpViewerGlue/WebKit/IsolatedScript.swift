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
    webkit_web_view_evaluate_javascript(self, script, -1, world, nil, nil, nil, nil)
  }
}
