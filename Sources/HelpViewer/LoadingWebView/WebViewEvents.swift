import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue

/// Where WebKit's signals become `LoadEvent`s: the first step from a WebKit load event to the
/// spinner (then `LoadStateMachine`, then `LoadingWebView.render`).
@MainActor
enum WebViewEvents {
  /// Connects every signal the state machine needs and hands each as a `LoadEvent` to `deliver`.
  /// WebKit going idle (`is-loading` false) is told to `idle`: a load it dropped without a
  /// word ends so, with no other event (`LoadingWebView.watchForDroppedLoad`).
  static func connect(
    _ page: WebView, into signals: SignalBag,
    idle: @escaping @MainActor () -> Void, deliver: @escaping @MainActor (LoadEvent) -> Void
  ) {
    let webView = page.view
    signals += connectNotify(webView, property: "is-loading") {
      if webkit_web_view_is_loading(webView) == 0 { idle() }
    }
    signals += webView.connectLoadChanged { event in
      let uri = currentURI(webView)
      switch event {
      case WEBKIT_LOAD_STARTED: deliver(.started(url: uri))
      case WEBKIT_LOAD_REDIRECTED: deliver(.redirected(url: uri))
      case WEBKIT_LOAD_COMMITTED:
        deliver(.committed(url: committedURI(webView, active: uri), httpStatus: mainResourceStatus(webView)))
      case WEBKIT_LOAD_FINISHED: deliver(.finished)
      default: break
      }
    }
    signals += webView.connectLoadFailed { failure in
      deliver(.failed(url: failure.uri, error: failure.error))
      return true  // We show our own error view, not WebKit's error page.
    }
    signals += webView.connectLoadFailedWithTLSErrors { uri, _ in
      // Never bypassed. The failure is delivered here: the `load-failed` that follows usually
      // has the TLS error, but now and then only a cancellation, which alone would leave the
      // viewer idle. Whichever comes, it comes after this failure and changes nothing.
      deliver(
        .failed(
          url: uri,
          error: PlatformError(
            domain: ErrorClassifier.Domain.tls, code: Int(G_TLS_ERROR_BAD_CERTIFICATE.rawValue),
            message: "The server's certificate is not trusted.")))
      return false
    }
    signals += webView.connectWebProcessTerminated { reason in
      deliver(.webProcessTerminated(reason: terminationReason(reason)))
    }
    signals += connectNotify(webView, property: "is-web-process-responsive") {
      deliver(webView.isWebProcessResponsive ? .responsive : .unresponsive)
    }
    signals += connectNotify(webView, property: "estimated-load-progress") {
      deliver(.progress(webkit_web_view_get_estimated_load_progress(webView)))
    }
    signals += connectNotify(webView, property: "title") {
      deliver(.title(webkit_web_view_get_title(webView).map { String(cString: $0) }))
    }
    // A link or Back/Forward to another place in the page shown: WebKit scrolls there with no
    // load event, only a new address (the machine takes it for the same document only).
    signals += connectNotify(webView, property: "uri") {
      guard let uri = webkit_web_view_get_uri(webView).map({ String(cString: $0) }) else { return }
      deliver(.sameDocument(url: uri))
    }
    signals += webView.connectHistoryChanged {
      deliver(
        .history(
          canGoBack: webkit_web_view_can_go_back(webView) != 0,
          canGoForward: webkit_web_view_can_go_forward(webView) != 0))
    }
  }

  /// WebKit's active address: during a load, the one last asked for (even when the event is
  /// that of an earlier load, which may still commit or finish after a new request).
  static func currentURI(_ webView: UnsafeMutablePointer<WebKitWebView>) -> String {
    webkit_web_view_get_uri(webView).map { String(cString: $0) } ?? ""
  }

  /// The address of the page that committed: WebKit's `active` one, unless the main
  /// resource's (the committed page's, after redirects) names another document. At COMMITTED
  /// of a load that a newer request replaced, the active address is already the newer
  /// request's (seen with WebKitGTK 2.50; `RaceTests`).
  static func committedURI(_ webView: UnsafeMutablePointer<WebKitWebView>, active: String) -> String {
    guard let resource = webkit_web_view_get_main_resource(webView), let uri = webkit_web_resource_get_uri(resource)
    else { return active }
    let main = String(cString: uri)
    return main.isEmpty || DocumentAddress.same(main, active) ? active : main
  }

  /// The HTTP status of the main resource, or `nil` when it did not come over HTTP.
  static func mainResourceStatus(_ webView: UnsafeMutablePointer<WebKitWebView>) -> Int? {
    guard let resource = webkit_web_view_get_main_resource(webView),
      let response = webkit_web_resource_get_response(resource)
    else { return nil }
    let status = Int(webkit_uri_response_get_status_code(response))
    return status == 0 ? nil : status
  }

  private static func terminationReason(_ reason: WebKitWebProcessTerminationReason) -> String {
    switch reason {
    case WEBKIT_WEB_PROCESS_CRASHED: return "The web process crashed."
    case WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT: return "The web process exceeded its memory limit."
    case WEBKIT_WEB_PROCESS_TERMINATED_BY_API: return "The web process was terminated."
    default: return "The web process ended."
    }
  }
}
