import HelpViewerCWebKit

extension UnsafeMutablePointer where Pointee == WebKitWebView {
  /// Asks the page's web process for a trivial answer (evaluates `0` in the page):
  /// `answered` runs once when any answer comes, a value or an error (JavaScript off, the
  /// process gone). It does not run while the page's main thread is stuck in a script, which
  /// is what a watchdog wants to know.
  ///
  /// ```swift
  /// webView.askForAnswer { print("the page answers") }
  /// ```
  public func askForAnswer(_ answered: @escaping @MainActor () -> Void) {
    evaluate("0") { _ in answered() }
  }

  /// Whether WebKit considers the page's web process responsive (`is-web-process-responsive`).
  public var isWebProcessResponsive: Bool { webkit_web_view_get_is_web_process_responsive(self) != 0 }
}
