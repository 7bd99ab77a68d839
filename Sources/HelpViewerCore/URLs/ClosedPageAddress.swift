import Foundation

/// The address a kept web view's empty page gets while it waits for the next viewer: on the
/// closed page's site (scheme, host and port), so that WebKit keeps the next page of that site
/// in the same web process, and never the address of a page a viewer may ask for next.
///
/// A page asked for at an address that differs from the shown document's only in its
/// `#fragment` is a scroll within that document for WebKit: no load starts. With the closed
/// page's own address as the empty page's, context help asked twice (`counting#adding`) never
/// loaded (issue 30).
///
/// ```swift
/// ClosedPageAddress.base(onSiteOf: "help-viewer://book-1/counting.html#adding")
/// // "help-viewer://book-1/?help-viewer-closed-page"
/// ```
public enum ClosedPageAddress {
  /// The query that marks the empty page's address.
  public static let marker = "help-viewer-closed-page"

  /// The empty page's address for a page that showed `address`; `nil` when it has no site
  /// (`about:`, `data:`): the empty page is then `about:blank`.
  public static func base(onSiteOf address: String) -> String? {
    guard let url = URLComponents(string: address), let scheme = url.scheme, let host = url.host, !host.isEmpty
    else { return nil }
    var base = URLComponents()
    base.scheme = scheme
    base.host = host
    base.port = url.port
    base.path = "/"
    base.query = marker
    return base.string
  }
}
