/// A navigation the page asked for, free of WebKit's types: what `NavigationPolicy` decides on.
public struct NavigationRequest: Sendable, Equatable {
  /// How the navigation came about.
  public enum Kind: Sendable, Equatable {
    /// A link the person clicked.
    case linkClicked
    /// A form the person submitted (or re-submitted).
    case formSubmitted
    /// Back, forward or reload.
    case history
    /// Anything else: a script, a meta refresh, a redirect.
    case other
  }

  /// The address the page wants to go to.
  public var url: String
  public var kind: Kind
  /// Whether a person's click or key press started it.
  public var isUserGesture: Bool
  /// Whether it asks for a new window (`target=_blank`, `window.open`).
  public var opensNewWindow: Bool
  /// Whether it is a server redirect of a navigation already under way.
  public var isRedirect: Bool
  /// The address of the page shown when the navigation was asked for (`nil` when none or not
  /// known): a page from the network may not go to the viewer's local content.
  public var fromPage: String?

  public init(
    url: String, kind: Kind = .linkClicked, isUserGesture: Bool = true, opensNewWindow: Bool = false,
    isRedirect: Bool = false, fromPage: String? = nil
  ) {
    self.url = url
    self.kind = kind
    self.isUserGesture = isUserGesture
    self.opensNewWindow = opensNewWindow
    self.isRedirect = isRedirect
    self.fromPage = fromPage
  }
}

/// What happens to a `NavigationRequest`.
public enum NavigationDecision: Sendable, Equatable {
  /// The viewer goes there.
  case allow
  /// The viewer stays where it is; the address opens in the person's default browser (or mail,
  /// phone… handler).
  case openExternally
  /// Nothing happens (the viewer stays where it is).
  case refuse
}
