import HelpViewerCGtk
import HelpViewerCWebKit

/// Replaces a web view's back/forward history with one page and goes to that page: how a reused
/// web view starts with no history of the viewer before.
///
/// WebKitGTK has no call that empties the history, and restoring an empty session state leaves
/// it as it was; restoring a session state of one item replaces it (checked with WebKitGTK
/// 2.50). The state is built in WebKit's serialized form (version 2 of
/// `WebKitWebViewSessionState`), and the result is checked: `replace` returns `false` when the
/// history is not exactly that one page.
///
/// ```swift
/// if !SessionHistory.replace(in: page, with: "about:blank") { /* do not reuse the view */ }
/// ```
@MainActor
public enum SessionHistory {
  /// WebKit's GVariant type of a serialized session state, version 2: the version, the items
  /// (title; frame: URL, original URL, referrer, target, document state, state object, two
  /// sequence numbers, scroll position, scale, HTTP body, children; external URL policy), and
  /// the current item's index.
  static let sessionStateType = "(qa(s(ssssasmayxx(ii)dm(sa(uaysxmxmds))av)u)mu)"
  private static var lastSequenceNumber: Int64 = 0

  /// Makes `uri` the view's only history item and loads it. Returns whether WebKit took the
  /// new history (and the load started).
  public static func replace(in page: WebView, with uri: String) -> Bool {
    guard let item = item(in: page.view, only: uri) else { return false }
    webkit_web_view_go_to_back_forward_list_item(page.view, item)
    return true
  }

  /// Makes `uri` the view's only history item without loading it; returns whether WebKit took
  /// the new history.
  public static func restore(in page: WebView, only uri: String) -> Bool {
    item(in: page.view, only: uri) != nil
  }

  /// Makes `uri` the view's only history item; returns the item, or `nil` when WebKit did not
  /// take the new history.
  private static func item(in webView: UnsafeMutablePointer<WebKitWebView>, only uri: String) -> OpaquePointer? {
    guard let state = sessionState(with: uri) else { return nil }
    defer { webkit_web_view_session_state_unref(state) }
    webkit_web_view_restore_session_state(webView, state)
    guard let list = webkit_web_view_get_back_forward_list(webView),
      webkit_back_forward_list_get_length(list) == 1,
      let item = webkit_back_forward_list_get_current_item(list),
      let itemURI = webkit_back_forward_list_item_get_uri(item), String(cString: itemURI) == uri
    else { return nil }
    return item
  }

  /// A session state whose history is `uri` alone, or `nil` when WebKit refuses it.
  private static func sessionState(with uri: String) -> OpaquePointer? {
    let literal = quoted(uri)
    // Each item gets document and item sequence numbers of its own: WebKit takes an item with
    // the current item's numbers for the same document and loads nothing. Negative numbers
    // never meet WebKit's own (counted up from the time).
    lastSequenceNumber = max(lastSequenceNumber + 2, Int64(g_get_real_time()) * 8)
    let document = lastSequenceNumber
    let item = lastSequenceNumber + 1
    let text = """
      (uint16 2, [('', (\(literal), \(literal), '', '', @as [], @may nothing, int64 \(document), int64 \(item), \
      (0, 0), 1.0, @m(sa(uaysxmxmds)) nothing, @av []), uint32 2)], @mu 0)
      """
    let type = g_variant_type_new(sessionStateType)
    defer { g_variant_type_free(type) }
    var error: UnsafeMutablePointer<GError>?
    guard let variant = g_variant_parse(type, text, nil, nil, &error) else {
      g_clear_error(&error)
      return nil
    }
    defer { g_variant_unref(variant) }
    guard let bytes = g_variant_get_data_as_bytes(variant) else { return nil }
    defer { g_bytes_unref(bytes) }
    return webkit_web_view_session_state_new(bytes)
  }

  /// `text` as a GVariant text-format string literal (quoted, with its escapes).
  private static func quoted(_ text: String) -> String {
    let value = g_variant_ref_sink(g_variant_new_string(text))
    defer { g_variant_unref(value) }
    guard let printed = g_variant_print(value, 0) else { return "''" }
    defer { g_free(printed) }
    return String(cString: printed)
  }
}
