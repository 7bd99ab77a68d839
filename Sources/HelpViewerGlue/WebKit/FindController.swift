import HelpViewerCGtk
import HelpViewerCWebKit

/// A web view's find in page (`WebKitFindController`): searches case-insensitively, wrapping
/// around, highlighting the matches, and counts them. It holds a reference of its own to the
/// web view's controller.
///
/// ```swift
/// let find = FindController(of: webView)
/// signals += find.connectCountedMatches { count in print(count, "matches") }
/// find.search("printing", maxCount: 1000)
/// find.countMatches("printing", maxCount: 1000)
/// find.next()
/// find.finish()   // the highlights go
/// ```
@MainActor
public final class FindController {
  private let reference: GObjectRef

  /// The find controller of the web view at `webView` (a `WebKitWebView *`).
  public init(of webView: UnsafeMutableRawPointer) {
    guard let controller = webkit_web_view_get_find_controller(webView.assumingMemoryBound(to: WebKitWebView.self))
    else { preconditionFailure("A WebKitWebView has no find controller") }
    reference = GObjectRef(retaining: UnsafeMutableRawPointer(controller))
  }

  private var controller: OpaquePointer { reference.opaque }

  private static let options =
    WEBKIT_FIND_OPTIONS_CASE_INSENSITIVE.rawValue | WEBKIT_FIND_OPTIONS_WRAP_AROUND.rawValue

  /// Searches for `text`, highlighting up to `maxCount` matches and showing the first.
  public func search(_ text: String, maxCount: Int) {
    webkit_find_controller_search(controller, text, Self.options, guint(clamping: maxCount))
  }

  /// Counts the matches of `text`, up to `maxCount`; the count arrives in `connectCountedMatches`.
  public func countMatches(_ text: String, maxCount: Int) {
    webkit_find_controller_count_matches(controller, text, Self.options, guint(clamping: maxCount))
  }

  /// Shows the next match (wrapping around).
  public func next() { webkit_find_controller_search_next(controller) }

  /// Shows the previous match (wrapping around).
  public func previous() { webkit_find_controller_search_previous(controller) }

  /// Ends the search: the highlights go.
  public func finish() { webkit_find_controller_search_finish(controller) }

  /// `found-text`: the search found the text; `handler` gets WebKit's match count.
  @discardableResult
  public func connectFoundText(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
    HelpViewerGlue.connectFoundText(controller, handler)
  }

  /// `counted-matches`: a count finished; `handler` gets the number of matches (`G_MAXUINT`
  /// above the maximum asked for).
  @discardableResult
  public func connectCountedMatches(_ handler: @escaping @MainActor (Int) -> Void) -> SignalConnection {
    HelpViewerGlue.connectCountedMatches(controller, handler)
  }

  /// `failed-to-find-text`: the page has no match of the searched text.
  @discardableResult
  public func connectFailedToFindText(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    HelpViewerGlue.connectFailedToFindText(controller, handler)
  }
}
