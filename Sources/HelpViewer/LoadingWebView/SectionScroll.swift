import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue

/// Scrolls a page to its `#section` where WebKit does not: a reused web view's first page
/// comes from a restored history item (`SessionHistory`), and WebKit restores a history item's
/// scroll position (the top) instead of scrolling to the fragment, as it does for a new load
/// (issue 30: context help in a kept dialog window opened at the page's top).
///
/// ```swift
/// SectionScroll.scroll(webView, to: "help-viewer://book-1/counting.html#adding")
/// ```
@MainActor
enum SectionScroll {
  /// The isolated world the script runs in.
  static let world = "help-viewer-section"

  /// Scrolls `webView`'s page to the element `address`'s fragment names (by id, else by an
  /// anchor's name), as a new load of `address` would; does nothing without a fragment.
  static func scroll(_ webView: UnsafeMutablePointer<WebKitWebView>, to address: String) {
    guard let fragment = fragment(of: address) else { return }
    let literal = javaScriptString(fragment)
    webView.runIsolatedScript(
      """
      (function () {
        var id = decodeURIComponent(\(literal));
        var target = document.getElementById(id) || document.getElementsByName(id)[0];
        if (target) target.scrollIntoView();
      })();
      """, world: world)
  }

  /// The `#fragment` of `address`, without the `#`; `nil` when it has none or it is empty.
  static func fragment(of address: String) -> String? {
    guard let mark = address.firstIndex(of: "#") else { return nil }
    let fragment = String(address[address.index(after: mark)...])
    return fragment.isEmpty ? nil : fragment
  }

  /// `text` as a JavaScript string literal.
  private static func javaScriptString(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
        literal += String(format: "\\u%04x", scalar.value)
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }
}
