/// Which page navigations stay in the viewer, which open outside, which are refused.
///
/// By default the viewer keeps to its allowed hosts (the first page's host, unless the host app
/// names others), the bundled-content scheme and GNOME's `help:` addresses (shown from the app's
/// installed help); a `file:` page keeps to its own folder and
/// what is below it (another local file is refused). A link to anywhere else opens in the person's
/// default browser, as do `target=_blank` links and `window.open`; `mailto:` and `tel:` go to
/// their handlers; top-level `javascript:` and `data:` navigations are refused. Navigations a
/// script or a meta refresh starts follow the same rules as a click; server redirects and
/// back/forward/reload are allowed. A host can replace all of this with its own closure.
///
/// `.openExternally` is the policy's verdict; the viewer acts on it only for a navigation a
/// person started (a click or key press, once per press), and refuses it otherwise.
///
/// ```swift
/// var policy = NavigationPolicy(allowedHosts: ["help.example.com"])
/// policy.decide(NavigationRequest(url: "https://example.org/"))  // .openExternally
/// let custom = NavigationPolicy { request in request.url.hasPrefix("https://") ? .allow : .refuse }
/// ```
public struct NavigationPolicy: Sendable {
  /// Hosts whose pages open in the viewer; empty means "the first page's host".
  public var allowedHosts: Set<String>
  /// Schemes whose pages open in the viewer whatever their host.
  public var allowedSchemes: Set<String>
  /// Local folders (absolute paths) whose `file:` pages, and those below them, open in the
  /// viewer; a first `file:` page adds its folder. Putting `file` in `allowedSchemes` instead
  /// allows every local file.
  public var allowedFolders: Set<String> = []
  /// A host's own rule; when set, it decides everything.
  public var custom: (@Sendable (NavigationRequest) -> NavigationDecision)?

  /// Schemes handed to the desktop's handlers.
  public static let handlerSchemes: Set<String> = ["mailto", "tel", "sms", "callto"]
  /// Schemes never navigated to at top level.
  public static let refusedSchemes: Set<String> = ["javascript", "data", "blob", "vbscript"]

  /// GNOME's help addresses (`help:APP/PAGE#section`): allowed, they open the app's installed
  /// help in the viewer (the viewer resolves them; WebKit never loads them).
  public static let helpScheme = "help"

  public init(
    allowedHosts: Set<String> = [], allowedSchemes: Set<String> = ["about", BundledAddress.scheme, helpScheme]
  ) {
    self.allowedHosts = Set(allowedHosts.map { $0.lowercased() })
    self.allowedSchemes = allowedSchemes
  }

  /// A policy that is the host's closure alone.
  public init(_ custom: @escaping @Sendable (NavigationRequest) -> NavigationDecision) {
    self.init()
    self.custom = custom
  }

  /// Adds what the first page needs when the host named no hosts: its host, its folder for a
  /// `file:` page, or its scheme for other host-less pages.
  public mutating func adoptFirstPage(_ url: String) {
    guard allowedHosts.isEmpty else { return }
    if URLInput.scheme(of: url) == "file" {
      if let folder = LocalFolder.folder(of: url) { allowedFolders.insert(folder) }
    } else if let host = URLInput.host(of: url) {
      allowedHosts.insert(host.lowercased())
    } else if let scheme = URLInput.scheme(of: url) {
      allowedSchemes.insert(scheme)
    }
  }

  /// The decision for `request`.
  public func decide(_ request: NavigationRequest) -> NavigationDecision {
    if Self.leavesNetworkForLocal(request) { return .refuse }
    if let custom { return custom(request) }
    guard let scheme = URLInput.scheme(of: request.url) else { return .refuse }
    if Self.refusedSchemes.contains(scheme) { return .refuse }
    if Self.handlerSchemes.contains(scheme) { return .openExternally }
    let isWeb = scheme == "http" || scheme == "https"
    if request.opensNewWindow { return isWeb ? .openExternally : .refuse }
    // A server redirect continues a navigation already allowed; back, forward and reload go to
    // pages already allowed. Everything else, clicked or not (a script's `location.href`, a
    // meta refresh), keeps to the same hosts as a click.
    if request.isRedirect || request.kind == .history { return .allow }
    if allowedSchemes.contains(scheme) { return .allow }
    if scheme == "file" {
      return allowedFolders.contains { LocalFolder.contains($0, request.url) } ? .allow : .refuse
    }
    if isWeb, let host = URLInput.host(of: request.url)?.lowercased(), allowedHosts.contains(host) {
      return .allow
    }
    return isWeb ? .openExternally : .refuse
  }

  /// Whether `request` goes from a page of the network (`http`, `https`) to a `help:` address,
  /// other than back, forward or reload: refused whatever the policy says. WebKit never loads
  /// `help:` (the viewer resolves it to local help), so it cannot refuse it as it refuses the
  /// bundled scheme, which it treats as local (`registerURIScheme`), as `file:`.
  public static func leavesNetworkForLocal(_ request: NavigationRequest) -> Bool {
    guard request.kind != .history, let from = request.fromPage.flatMap(URLInput.scheme(of:)),
      from == "http" || from == "https"
    else { return false }
    return URLInput.scheme(of: request.url) == helpScheme
  }
}
