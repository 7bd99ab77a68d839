import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue

/// Where the page's navigations meet `NavigationPolicy`: `decide-policy` (links, forms,
/// `target=_blank`, responses) and `create` (`window.open`).
///
/// Links that leave the allowed hosts open outside and the viewer stays where it was;
/// responses WebKit cannot show (downloads) are refused, which WebKit then reports as a failed
/// load (`cannotShowContent`).
///
/// Navigations nobody clicked for (a script's `location.href`, a meta refresh) obey the same
/// policy, but WebKit asks `decide-policy` for iframes too and does not say which frame a
/// navigation is for. So a web navigation of that kind the policy would not allow is let go
/// at first and remembered; when its response arrives as the main frame's main resource, it is
/// refused there (the page before stays, the viewer reports `.stopped`) and the policy's
/// verdict applies (open outside, at most once per page shown). Iframes never get there.
@MainActor
final class NavigationGuard {
  var policy: NavigationPolicy
  /// Opens an address outside the app (the default browser, mail, phone).
  var openExternally: @MainActor (String) -> Void = { ExternalLauncher.open($0) }
  /// Called when a page's response is refused (a download, content WebKit cannot show): WebKit
  /// then just stops, so the viewer reports the failure itself.
  var onRefusedResponse: @MainActor (String) -> Void = { _ in }
  /// Called when a navigation that had started is refused (a meta refresh or script to a host
  /// the policy keeps out): the page before stays.
  var onRefusedNavigation: @MainActor () -> Void = {}
  /// Called with each navigation the policy decided and its verdict (for tests: what a page
  /// asked for, in order, including iframes' and scripts' navigations).
  var onDecision: @MainActor (NavigationRequest, NavigationDecision) -> Void = { _, _ in }
  /// The address the host itself asked to load: never second-guessed.
  private var hostLoad: String?
  /// Web navigations nobody clicked for that the policy would not allow, by address, with the
  /// verdict: refused if they turn out to be the main frame's (see the type's notes).
  private var unasked: [(url: String, verdict: NavigationDecision)] = []
  /// Whether the page shown already sent someone outside without being asked: a page that keeps
  /// navigating by script opens the browser once, not over and over.
  private var openedOutsideUnasked = false

  init(policy: NavigationPolicy) { self.policy = policy }

  /// The viewer is about to load `uri` on the host's behalf.
  func expectHostLoad(_ uri: String) {
    hostLoad = uri
    unasked.removeAll()
    policy.adoptFirstPage(uri)
  }

  func connect(_ webView: UnsafeMutablePointer<WebKitWebView>, into signals: SignalBag) {
    signals += webView.connectDecidePolicy { [weak self] decision, type in
      self?.decide(decision, type) ?? false
    }
    signals += webView.connectLoadChanged { [weak self] event in
      if event == WEBKIT_LOAD_COMMITTED { self?.openedOutsideUnasked = false }
    }
    signals += webView.connectCreate { [weak self] action in
      guard let self, let request = Self.request(from: action, opensNewWindow: true) else { return }
      let verdict = self.policy.decide(request)
      self.onDecision(request, verdict)
      self.apply(verdict, to: request)
    }
  }

  /// Returns whether it decided (`false` lets WebKit's default handler use the navigation).
  private func decide(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>, _ type: WebKitPolicyDecisionType) -> Bool
  {
    switch type {
    case WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION, WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION:
      let newWindow = type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION
      let action = webkit_navigation_policy_decision_get_navigation_action(OpaquePointer(decision))
      guard let action, let request = Self.request(from: action, opensNewWindow: newWindow) else { return false }
      if !newWindow, let hostLoad, SameAddress.test(hostLoad, request.url) {
        self.hostLoad = nil
        return false
      }
      let verdict = policy.decide(request)
      onDecision(request, verdict)
      unasked.removeAll { $0.url == request.url }
      guard verdict != .allow else { return false }
      if !newWindow, Self.isUnasked(request) {
        unasked.append((request.url, verdict))  // Decided once it shows whether it is an iframe's.
        if unasked.count > 32 { unasked.removeFirst() }
        return false
      }
      webkit_policy_decision_ignore(decision)
      apply(verdict, to: request)
      return true
    case WEBKIT_POLICY_DECISION_TYPE_RESPONSE:
      let response = OpaquePointer(decision)
      guard webkit_response_policy_decision_is_main_frame_main_resource(response) != 0 else { return false }
      let requested = webkit_response_policy_decision_get_request(response).flatMap { webkit_uri_request_get_uri($0) }
        .map { String(cString: $0) }
      if let requested, let index = unasked.firstIndex(where: { $0.url == requested }) {
        let verdict = unasked.remove(at: index).verdict
        webkit_policy_decision_ignore(decision)
        onRefusedNavigation()
        if !openedOutsideUnasked {
          openedOutsideUnasked = verdict == .openExternally
          apply(verdict, to: NavigationRequest(url: requested, kind: .other, isUserGesture: false))
        }
        return true
      }
      if webkit_response_policy_decision_is_mime_type_supported(response) == 0 || Self.isAttachment(response) {
        let uri = webkit_response_policy_decision_get_request(response).flatMap { webkit_uri_request_get_uri($0) }
        webkit_policy_decision_ignore(decision)  // No downloads.
        onRefusedResponse(uri.map { String(cString: $0) } ?? "")
        return true
      }
      return false
    default:
      return false
    }
  }

  /// A web navigation no person asked for (a script, a meta refresh), which may be an iframe's.
  private static func isUnasked(_ request: NavigationRequest) -> Bool {
    let personAsked = request.kind == .linkClicked || request.kind == .formSubmitted || request.isUserGesture
    let scheme = URLInput.scheme(of: request.url)
    return !personAsked && !request.isRedirect && request.kind != .history && (scheme == "http" || scheme == "https")
  }

  private func apply(_ verdict: NavigationDecision, to request: NavigationRequest) {
    switch verdict {
    case .openExternally: openExternally(request.url)
    case .allow, .refuse: break
    }
  }

  private static func request(from action: OpaquePointer, opensNewWindow: Bool) -> NavigationRequest? {
    guard let uriRequest = webkit_navigation_action_get_request(action),
      let uri = webkit_uri_request_get_uri(uriRequest).map({ String(cString: $0) })
    else { return nil }
    let kind: NavigationRequest.Kind
    switch webkit_navigation_action_get_navigation_type(action) {
    case WEBKIT_NAVIGATION_TYPE_LINK_CLICKED: kind = .linkClicked
    case WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED, WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED: kind = .formSubmitted
    case WEBKIT_NAVIGATION_TYPE_BACK_FORWARD, WEBKIT_NAVIGATION_TYPE_RELOAD: kind = .history
    default: kind = .other
    }
    return NavigationRequest(
      url: uri, kind: kind, isUserGesture: webkit_navigation_action_is_user_gesture(action) != 0,
      opensNewWindow: opensNewWindow, isRedirect: webkit_navigation_action_is_redirect(action) != 0)
  }

  /// Whether the response says it is a download (libsoup reads `Content-Disposition`).
  private static func isAttachment(_ decision: OpaquePointer) -> Bool {
    guard let response = webkit_response_policy_decision_get_response(decision),
      let headers = webkit_uri_response_get_http_headers(response)
    else { return false }
    return ContentDisposition.isAttachment(headers)
  }
}
