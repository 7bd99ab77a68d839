/// What happened to a viewer's page, in WebKit's terms but free of WebKit's types.
///
/// The widgets translate each WebKit signal into one of these (see `WebViewEvents` in the
/// HelpViewer target) and feed it to `LoadStateMachine`.
public enum LoadEvent: Sendable, Equatable {
  /// The viewer asked WebKit to load `url` (a load, a reload or a retry).
  case requested(url: String)
  /// The page asked for failed with `reason`; the viewer loads its bundled offline copy `url`.
  case fallback(url: String, reason: LoadError)
  /// The viewer refused to load `url` before asking WebKit (e.g. an unsupported scheme).
  case rejected(LoadError)
  /// The viewer refused the page's response (a download); WebKit stops the load without an
  /// error of its own.
  case refused(LoadError)
  /// `load-changed` STARTED: a navigation began (also for links clicked in the page).
  case started(url: String)
  /// `load-changed` REDIRECTED.
  case redirected(url: String)
  /// `load-changed` COMMITTED, with the main resource's HTTP status when it has one.
  case committed(url: String, httpStatus: Int?)
  /// `load-changed` FINISHED (also after failures and cancellations).
  case finished
  /// `load-failed` (or a TLS failure), with the platform's error.
  case failed(url: String, error: PlatformError)
  /// `notify::estimated-load-progress`.
  case progress(Double)
  /// `notify::title`.
  case title(String?)
  /// The back-forward list changed.
  case history(canGoBack: Bool, canGoForward: Bool)
  /// `web-process-terminated`: the page's process crashed, ran out of memory or was killed.
  case webProcessTerminated(reason: String)
  /// The page's web process stopped answering (WebKit's `is-web-process-responsive`, or the
  /// viewer's own check that the page answers within a few seconds).
  case unresponsive
  /// The page's web process answers again.
  case responsive
  /// The load took longer than the viewer's timeout.
  case timedOut
  /// The viewer stopped the load on request.
  case stopped
  /// Another place (`#fragment`) in the page shown, asked for by the viewer or reached by a
  /// link or Back/Forward in the page: WebKit scrolls there and sends no load event. An
  /// address of another document changes nothing.
  case sameDocument(url: String)
  /// WebKit did not start the load asked for in time, and reports nothing about it (an old
  /// page's `window.stop()` on a timer makes WebKit drop the next load without a word), or
  /// went idle without a word while the viewer waited for the page.
  case notStarted
  /// The person went back from an error of a load that never showed anything: the page shown
  /// before it, still in the web view, shows again (`LoadStateMachine.returnsFromError`).
  case returnedFromError
}
