import Foundation

/// The Content-Security-Policy headers the bundled scheme sends with the pages it serves: what a
/// page may run, and where it may load or send anything from. Every policy keeps a page to the
/// viewer's own address (`'self'`, the book's or folder's `help-viewer://NAME`): no script,
/// style, picture, font, frame or connection from anywhere else, no plugins, no `<base>`
/// elsewhere.
///
/// - `rendered(nonce:)`: pages the viewer made from Mallard: only the scripts and style sheets
///   that carry the page's nonce (yelp-xsl's own; the nonce is new for every response, so a
///   page cannot know it), no inline event handlers, no `javascript:` addresses, no `eval`.
/// - `hostPages(allowing:)`: HTML books and registered folders, the host's own pages: their own
///   and inline scripts run (Sphinx's search, a theme switch), `eval` does not; `sources` are
///   origins the host allows besides (`BundledPagePolicy`).
/// - `noScripts`: what runs nothing: the viewer's own pages (search results), and a Mallard
///   book's other files (an SVG picture opened on its own would otherwise run its scripts).
///
/// ```swift
/// let nonce = ContentSecurityPolicy.newNonce()
/// let header = ContentSecurityPolicy.rendered(nonce: nonce)   // "default-src 'none'; script-src 'nonce-…'; …"
/// ```
public enum ContentSecurityPolicy {
  /// The name of the header.
  public static let headerName = "Content-Security-Policy"

  /// A new nonce: 128 random bits as 32 hexadecimal digits (letters and digits only, so it
  /// is safe in an XPath string, an attribute and a header alike).
  public static func newNonce() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<2).map { _ in
      let value = generator.next() as UInt64
      let text = String(value, radix: 16)
      return String(repeating: "0", count: 16 - text.count) + text
    }.joined()
  }

  /// Whether `text` can be a nonce made by `newNonce()` (32 hexadecimal digits).
  public static func isNonce(_ text: String) -> Bool {
    text.count == 32 && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
  }

  /// The policy of a page rendered by the viewer, whose own scripts and style sheets carry
  /// `nonce`. Style attributes stay allowed (yelp-xsl writes table widths and picture sizes
  /// in them; an attribute cannot load anything the rest of the policy refuses).
  public static func rendered(nonce: String) -> String {
    [
      "default-src 'none'",
      "script-src 'nonce-\(nonce)'",
      "style-src 'self' 'nonce-\(nonce)'",
      "style-src-attr 'unsafe-inline'",
      "img-src 'self' data:",
      "media-src 'self'",
      "font-src 'self' data:",
      "connect-src 'self'",
      "form-action 'self'",
      "frame-src 'self'",
      "object-src 'none'",
      "worker-src 'none'",
      "base-uri 'none'",
    ].joined(separator: "; ")
  }

  /// The policy of the host's own pages (HTML books, registered folders): everything from the
  /// page's own origin, inline scripts and styles included, and from `sources` (CSP source
  /// expressions such as `https://cdn.example.com`, which `BundledPagePolicy` checks).
  public static func hostPages(allowing sources: [String] = []) -> String {
    let own = (["'self'"] + sources).joined(separator: " ")
    return [
      "default-src \(own)",
      "script-src \(own) 'unsafe-inline'",
      "style-src \(own) 'unsafe-inline'",
      "img-src \(own) data:",
      "media-src \(own)",
      "font-src \(own) data:",
      "connect-src \(own)",
      "form-action \(own)",
      "frame-src \(own)",
      "object-src 'none'",
      "worker-src \(own)",
      "base-uri 'self'",
    ].joined(separator: "; ")
  }

  /// The policy of what must run no script: the viewer's own pages (search results) and a
  /// Mallard book's files other than its pages.
  public static let noScripts = [
    "default-src 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "media-src 'self'",
    "font-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
  ].joined(separator: "; ")
}
