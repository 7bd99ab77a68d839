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
    // Weakly: the closures belong to the web view, which the wrapper holds.
    signals += page.onChange(of: "is-loading") { [weak page] in
      if page?.isLoading == false { idle() }
    }
    signals += page.onLoadChanged { [weak page] step in
      guard let page else { return }
      let uri = page.uri ?? ""
      switch step {
      case .started: deliver(.started(url: uri))
      case .redirected: deliver(.redirected(url: uri))
      case .committed: deliver(.committed(url: committedURI(page, active: uri), httpStatus: page.mainResourceStatus))
      case .finished: deliver(.finished)
      }
    }
    signals += page.onLoadFailed { failure in
      deliver(.failed(url: failure.uri, error: failure.error))
      return true  // We show our own error view, not WebKit's error page.
    }
    signals += page.onLoadFailedWithTLSErrors { uri in
      // Never bypassed. The failure is delivered here: the `load-failed` that follows usually
      // has the TLS error, but now and then only a cancellation, which alone would leave the
      // viewer idle. Whichever comes, it comes after this failure and changes nothing.
      deliver(
        .failed(
          url: uri,
          error: PlatformError(
            domain: ErrorClassifier.Domain.tls, code: WebView.badCertificateErrorCode,
            message: "The server's certificate is not trusted.")))
      return false
    }
    signals += page.onWebProcessEnded { end in
      deliver(.webProcessTerminated(reason: terminationReason(end)))
    }
    signals += page.onChange(of: "is-web-process-responsive") { [weak page] in
      guard let page else { return }
      deliver(page.isWebProcessResponsive ? .responsive : .unresponsive)
    }
    signals += page.onChange(of: "estimated-load-progress") { [weak page] in
      guard let page else { return }
      deliver(.progress(page.estimatedLoadProgress))
    }
    signals += page.onChange(of: "title") { [weak page] in
      guard let page else { return }
      deliver(.title(page.title))
    }
    // A link or Back/Forward to another place in the page shown: WebKit scrolls there with no
    // load event, only a new address (the machine takes it for the same document only).
    signals += page.onChange(of: "uri") { [weak page] in
      guard let uri = page?.uri else { return }
      deliver(.sameDocument(url: uri))
    }
    signals += page.onHistoryChanged { [weak page] in
      guard let page else { return }
      deliver(.history(canGoBack: page.canGoBack, canGoForward: page.canGoForward))
    }
  }

  /// The address of the page that committed: WebKit's `active` one, unless the main
  /// resource's (the committed page's, after redirects) names another document. At COMMITTED
  /// of a load that a newer request replaced, the active address is already the newer
  /// request's (seen with WebKitGTK 2.50; `RaceTests`).
  static func committedURI(_ page: WebView, active: String) -> String {
    guard let main = page.mainResourceURI else { return active }
    return main.isEmpty || DocumentAddress.same(main, active) ? active : main
  }

  private static func terminationReason(_ end: WebProcessEnd) -> String {
    switch end {
    case .crashed: return "The web process crashed."
    case .exceededMemoryLimit: return "The web process exceeded its memory limit."
    case .terminatedByAPI: return "The web process was terminated."
    case .other: return "The web process ended."
    }
  }
}
