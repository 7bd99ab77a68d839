import Foundation
import HelpViewerCore

/// A Mallard page rendered to HTML, with the Content-Security-Policy it must be served with:
/// yelp-xsl's own scripts and style sheets carry a nonce (`html.csp.nonce`), new for each
/// `RenderedPage`, and the policy allows those alone (`ContentSecurityPolicy.rendered`), so
/// nothing a page holds runs: no `<svg:script>`, no event attribute, no `javascript:` link.
///
/// ```swift
/// let page = try await book.page(id: "calendar").renderedPage()
/// request.respond(page.html, contentType: "text/html",
///                 headers: [ContentSecurityPolicy.headerName: page.contentSecurityPolicy])
/// ```
public struct RenderedPage: Sendable, Equatable {
  /// The page's HTML.
  public let html: Data
  /// The nonce its own scripts and style sheets carry.
  public let nonce: String

  /// The policy to send with `html`.
  public var contentSecurityPolicy: String { ContentSecurityPolicy.rendered(nonce: nonce) }

  init(html: Data, nonce: String) {
    self.html = html
    self.nonce = nonce
  }

  /// The same page with a new nonce: every `nonce="OLD"` attribute now says the new one (the
  /// old nonce is 32 random hexadecimal digits, which no page can have known to write).
  func reissued() -> RenderedPage {
    let nonce = ContentSecurityPolicy.newNonce()
    let old = Data("nonce=\"\(self.nonce)\"".utf8)
    let new = Data("nonce=\"\(nonce)\"".utf8)
    var result = Data(capacity: html.count)
    var start = html.startIndex
    while let found = html.range(of: old, in: start..<html.endIndex) {
      result.append(html[start..<found.lowerBound])
      result.append(new)
      start = found.upperBound
    }
    result.append(html[start..<html.endIndex])
    return RenderedPage(html: result, nonce: nonce)
  }
}
