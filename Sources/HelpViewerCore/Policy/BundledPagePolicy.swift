import Foundation

/// What a host's own bundled pages (an HTML book, a registered folder) may load from outside
/// their own `help-viewer://NAME` origin. By default nothing: no script, style, picture, font,
/// frame or connection from anywhere else (`ContentSecurityPolicy.hostPages`). A host that
/// needs a server (a video host, a web font) names it here, explicitly.
///
/// ```swift
/// let policy = try BundledPagePolicy(allowing: ["https://fonts.example.com"])
/// BundledScheme.register(folder: pages, as: "notes", policy: policy)
/// ```
public struct BundledPagePolicy: Sendable, Hashable {
  /// The origins allowed besides the pages' own (`https://host[:port]`, `http://…`).
  public let outsideSources: [String]

  /// Only the pages' own origin (the default).
  public static let ownOrigin = BundledPagePolicy(checked: [])

  /// Allows `sources`, each an origin `http(s)://host[:port]` (a `*.` before the host name
  /// allows its subdomains). Throws `.blockedByPolicy` for anything else (a keyword such as
  /// `'unsafe-eval'`, a bare `*`, a scheme alone, or text that would end the directive).
  public init(allowing sources: [String]) throws(LoadError) {
    for source in sources where !Self.isOrigin(source) {
      throw LoadError(
        .blockedByPolicy, url: source, details: "“\(source)” is not an http or https origin a page may load from.")
    }
    self.init(checked: sources)
  }

  private init(checked sources: [String]) { outsideSources = sources }

  /// The Content-Security-Policy header of these pages.
  public var header: String { ContentSecurityPolicy.hostPages(allowing: outsideSources) }

  private static func isOrigin(_ source: String) -> Bool {
    guard let components = URLComponents(string: source), let scheme = components.scheme?.lowercased(),
      scheme == "http" || scheme == "https", var host = components.host, !host.isEmpty,
      components.path.isEmpty || components.path == "/", components.query == nil, components.fragment == nil,
      components.user == nil, components.password == nil
    else { return false }
    if host.hasPrefix("*.") { host.removeFirst(2) }
    return !host.isEmpty && host.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }
      && source.allSatisfy { !$0.isWhitespace && $0 != ";" && $0 != "," && $0 != "'" }
  }
}
