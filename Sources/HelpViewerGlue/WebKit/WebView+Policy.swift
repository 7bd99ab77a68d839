import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore

extension NavigationRequest {
  /// Reads `action` (a `WebKitNavigationAction *`); `nil` when it has no address.
  @MainActor
  init?(reading action: OpaquePointer, opensNewWindow: Bool) {
    guard let request = webkit_navigation_action_get_request(action),
      let uri = webkit_uri_request_get_uri(request).map({ String(cString: $0) })
    else { return nil }
    let kind: Kind
    switch webkit_navigation_action_get_navigation_type(action) {
    case WEBKIT_NAVIGATION_TYPE_LINK_CLICKED: kind = .linkClicked
    case WEBKIT_NAVIGATION_TYPE_FORM_SUBMITTED, WEBKIT_NAVIGATION_TYPE_FORM_RESUBMITTED: kind = .formSubmitted
    case WEBKIT_NAVIGATION_TYPE_BACK_FORWARD, WEBKIT_NAVIGATION_TYPE_RELOAD: kind = .history
    default: kind = .other
    }
    self.init(
      url: uri, kind: kind, isUserGesture: webkit_navigation_action_is_user_gesture(action) != 0,
      opensNewWindow: opensNewWindow, isRedirect: webkit_navigation_action_is_redirect(action) != 0)
  }
}

/// A response WebKit is about to show or download, read when it is asked.
public struct ResponseQuestion: Sendable {
  /// Whether it is the main document of the page (not a frame's).
  public var isMainFrameMainResource: Bool
  /// The address that was asked for, when there is one.
  public var requestedURI: String?
  /// Whether WebKit can show its type (else it would download it).
  public var isMimeTypeSupported: Bool
  /// Whether the server says it is a download (`Content-Disposition: attachment`).
  public var isAttachment: Bool

  init(_ response: OpaquePointer) {
    isMainFrameMainResource = webkit_response_policy_decision_is_main_frame_main_resource(response) != 0
    requestedURI = webkit_response_policy_decision_get_request(response).flatMap { webkit_uri_request_get_uri($0) }
      .map { String(cString: $0) }
    isMimeTypeSupported = webkit_response_policy_decision_is_mime_type_supported(response) != 0
    if let message = webkit_response_policy_decision_get_response(response),
      let headers = webkit_uri_response_get_http_headers(message)
    {
      isAttachment = ContentDisposition.isAttachment(headers)
    } else {
      isAttachment = false
    }
  }
}

/// What WebKit asks the viewer to decide (`decide-policy`).
public enum PolicyQuestion: Sendable {
  /// Go to a page, in this view or (`opensNewWindow`) in a new window.
  case navigation(NavigationRequest)
  /// Show (or download) a response.
  case response(ResponseQuestion)
}

/// The pending decision of a `decide-policy`, to ignore or leave to WebKit's default.
@MainActor
public struct PolicyDecision {
  let pointer: UnsafeMutablePointer<WebKitPolicyDecision>

  /// Refuses: nothing is loaded, shown or downloaded.
  public func ignore() { webkit_policy_decision_ignore(pointer) }
}

extension WebView {
  /// `decide-policy`, before WebKit's default handler (which allows): `handler` gets each
  /// navigation or response question WebKit can read, and returns `true` when it decided
  /// (after `ignore()`), `false` to leave it to WebKit.
  ///
  /// ```swift
  /// signals += page.onDecidePolicy { question, decision in
  ///   guard case .navigation(let request) = question, request.url.hasPrefix("file:") else { return false }
  ///   decision.ignore()
  ///   return true
  /// }
  /// ```
  public func onDecidePolicy(
    _ handler: @escaping @MainActor (PolicyQuestion, PolicyDecision) -> Bool
  ) -> SignalConnection {
    view.connectDecidePolicy { decision, type in
      let pending = PolicyDecision(pointer: decision)
      switch type {
      case WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION, WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION:
        let newWindow = type == WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION
        guard let action = webkit_navigation_policy_decision_get_navigation_action(OpaquePointer(decision)),
          let request = NavigationRequest(reading: action, opensNewWindow: newWindow)
        else { return false }
        return handler(.navigation(request), pending)
      case WEBKIT_POLICY_DECISION_TYPE_RESPONSE:
        return handler(.response(ResponseQuestion(OpaquePointer(decision))), pending)
      default:
        return false
      }
    }
  }

  /// `create`: the page asked for a new window (`window.open`, `target=_blank`). None is made;
  /// `handler` gets the navigation it asked for, when WebKit could read it.
  public func onNewWindowAsked(_ handler: @escaping @MainActor (NavigationRequest) -> Void) -> SignalConnection {
    view.connectCreate { action in
      guard let request = NavigationRequest(reading: action, opensNewWindow: true) else { return }
      handler(request)
    }
  }

  /// Calls `handler` on every button or key press that reaches the view, before the page sees
  /// it; `remove()` the handler to stop.
  public func addPressWatcher(_ handler: @escaping @MainActor () -> Void) -> KeyPressHandler {
    widget.addPressWatcher(handler)
  }
}
