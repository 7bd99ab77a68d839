import HelpViewerCWebKit

/// A step of a load, as WebKit's `load-changed` tells it.
public enum LoadProgress: Sendable {
  case started, redirected, committed, finished
}

/// Why a page's web process ended.
public enum WebProcessEnd: Sendable {
  case crashed, exceededMemoryLimit, terminatedByAPI, other
}

extension WebView {
  /// `load-changed`: a load started, was redirected, committed its page or finished.
  ///
  /// ```swift
  /// signals += page.onLoadChanged { step in if step == .finished { print("done") } }
  /// ```
  public func onLoadChanged(_ handler: @escaping @MainActor (LoadProgress) -> Void) -> SignalConnection {
    view.connectLoadChanged { event in
      switch event {
      case WEBKIT_LOAD_STARTED: handler(.started)
      case WEBKIT_LOAD_REDIRECTED: handler(.redirected)
      case WEBKIT_LOAD_COMMITTED: handler(.committed)
      case WEBKIT_LOAD_FINISHED: handler(.finished)
      default: break
      }
    }
  }

  /// `load-failed`: return `true` to stop WebKit from loading its own error page.
  public func onLoadFailed(_ handler: @escaping @MainActor (LoadFailure) -> Bool) -> SignalConnection {
    view.connectLoadFailed(handler)
  }

  /// `load-failed-with-tls-errors`, with the failed address: return `false` to let the load fail
  /// (`load-failed` follows).
  public func onLoadFailedWithTLSErrors(_ handler: @escaping @MainActor (String) -> Bool) -> SignalConnection {
    view.connectLoadFailedWithTLSErrors { uri, _ in handler(uri) }
  }

  /// `web-process-terminated`: the page's process crashed, exceeded its memory or was ended.
  public func onWebProcessEnded(_ handler: @escaping @MainActor (WebProcessEnd) -> Void) -> SignalConnection {
    view.connectWebProcessTerminated { reason in
      switch reason {
      case WEBKIT_WEB_PROCESS_CRASHED: handler(.crashed)
      case WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT: handler(.exceededMemoryLimit)
      case WEBKIT_WEB_PROCESS_TERMINATED_BY_API: handler(.terminatedByAPI)
      default: handler(.other)
      }
    }
  }

  /// The back-forward list's `changed`: Back or Forward may have become possible or not.
  public func onHistoryChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    view.connectHistoryChanged(handler)
  }

  /// The page's title, or `nil` when it has none.
  public var title: String? { webkit_web_view_get_title(view).map { String(cString: $0) } }

  /// How much of the load WebKit estimates is done, from 0 to 1.
  public var estimatedLoadProgress: Double { webkit_web_view_get_estimated_load_progress(view) }

  /// The address of the main resource (the page shown, after redirects), when there is one.
  public var mainResourceURI: String? {
    webkit_web_view_get_main_resource(view).flatMap { webkit_web_resource_get_uri($0) }.map { String(cString: $0) }
  }

  /// The HTTP status of the main resource, or `nil` when it did not come over HTTP.
  public var mainResourceStatus: Int? {
    guard let resource = webkit_web_view_get_main_resource(view),
      let response = webkit_web_resource_get_response(resource)
    else { return nil }
    let status = Int(webkit_uri_response_get_status_code(response))
    return status == 0 ? nil : status
  }

  /// GLib's code of a TLS certificate that is not trusted (`G_TLS_ERROR_BAD_CERTIFICATE`).
  public static let badCertificateErrorCode = Int(G_TLS_ERROR_BAD_CERTIFICATE.rawValue)
}
