/// The rules from WebKit's events to what the viewer shows.
///
/// - A load goes `loading` → `loaded`, or → `failed` with a typed error; never an endless
///   spinner: a timeout, a terminated web process and a refused address all end in `failed`.
/// - Cancellation (a new load replacing one, `stop`) is never an error.
/// - A main resource with HTTP status ≥ 400 is a failure, although WebKit finishes it normally.
/// - Once failed, the late events of that load (FINISHED, progress) change nothing.
/// - A page whose web process stops answering (`.unresponsive`) while it loads or shows fails
///   with `.pageNotResponding`, and stays failed when the process answers again or is ended:
///   only a new load (Reload, in a new process) shows it again.
/// - A load cancelled before it showed anything (`stop`, a navigation the viewer refused) leaves
///   the page before it shown: its phase, address and status come back.
///
/// ```swift
/// var machine = LoadStateMachine()
/// machine.handle(.requested(url: "https://example.com/"))
/// machine.handle(.failed(url: "https://example.com/", error: refused))
/// machine.state.phase  // .failed(LoadError(.cannotConnect, …))
/// ```
public struct LoadStateMachine: Sendable {
  /// The current state.
  public private(set) var state = LoadState()
  /// Whether the current load was cancelled (so its FINISHED is not a success).
  private var cancelled = false
  /// A failed or replaced load's FINISHED is still to come and means nothing (WebKit sends
  /// FINISHED after every `load-failed`, and after an HTTP error page).
  private var ignoreNextFinish = false
  /// What was shown before the current load began, restored when it is cancelled with nothing
  /// new on screen.
  private var phaseBeforeLoad: LoadPhase = .idle
  /// The address and status of what was shown before the current load began.
  private var shownBeforeLoad: (url: String?, httpStatus: Int?) = (nil, nil)

  /// Whether an HTTP status ≥ 400 of the page is a failure (the default) or the server's own
  /// error page is shown as loaded.
  public var httpErrorsAreFailures: Bool

  public init(httpErrorsAreFailures: Bool = true) {
    self.httpErrorsAreFailures = httpErrorsAreFailures
  }

  /// Applies one event; returns whether the state changed.
  @discardableResult
  public mutating func handle(_ event: LoadEvent) -> Bool {
    let before = state
    apply(event)
    return state != before
  }

  private mutating func apply(_ event: LoadEvent) {
    switch event {
    case .requested(let url):
      begin(url: url)
      state.requestedURL = url
      state.offlineReason = nil
    case .refused(let error):
      guard state.phase == .loading else { return }
      fail(error)
    case .fallback(let url, let reason):
      let remote = state.requestedURL
      begin(url: url)
      state.requestedURL = remote ?? reason.url
      state.offlineReason = reason
    case .rejected(let error):
      state.requestedURL = error.url ?? state.requestedURL
      fail(error)
    case .started(let url):
      // Our own request starts as asked; anything else (a link clicked) is a new navigation.
      guard state.phase != .loading || state.url != url else { return }
      begin(url: url)
      state.requestedURL = url
      state.offlineReason = nil
    case .redirected(let url):
      guard state.phase == .loading else { return }
      state.url = url
    case .committed(let url, let status):
      guard state.phase == .loading else { return }
      state.url = url
      state.hasContent = true
      state.httpStatus = status
      if let status, status >= 400, httpErrorsAreFailures {
        fail(LoadError(.httpError, url: url, httpStatus: status, details: "HTTP status \(status)"))
        ignoreNextFinish = true
      }
    case .finished:
      if ignoreNextFinish {
        ignoreNextFinish = false
        return
      }
      guard state.phase == .loading else { return }
      if cancelled {
        restoreAfterCancel()
      } else {
        state.phase = .loaded
        state.progress = 1
      }
    case .failed(let url, let error):
      guard state.phase == .loading else { return }
      if let loadError = ErrorClassifier.classify(error, url: url) {
        state.requestedURL = url
        fail(loadError)
        ignoreNextFinish = true
      } else if url != state.url {
        ignoreNextFinish = true  // The load this one replaced was cancelled.
      } else {
        cancelled = true
      }
    case .progress(let value):
      guard state.phase == .loading else { return }
      state.progress = min(max(value, 0), 1)
    case .title(let title):
      state.title = title.flatMap { $0.isEmpty ? nil : $0 }
    case .history(let back, let forward):
      state.canGoBack = back
      state.canGoForward = forward
    case .webProcessTerminated(let reason):
      // A hung page's process ends (by the viewer, or on its own): the hang stays the reason.
      guard state.error?.kind != .pageNotResponding else { return }
      fail(LoadError(.webProcessTerminated, url: state.url ?? state.requestedURL, details: reason))
    case .unresponsive:
      guard state.phase == .loading || state.phase == .loaded else { return }
      fail(
        LoadError(
          .pageNotResponding, url: state.url ?? state.requestedURL,
          details: "The page's web process stopped answering."))
    case .responsive:
      break  // A page that hung stays failed: its next script may hang again. Reload starts it afresh.
    case .timedOut:
      guard state.phase == .loading else { return }
      fail(LoadError(.timedOut, url: state.url ?? state.requestedURL, details: "No answer in time."))
      ignoreNextFinish = true  // The viewer stops the load: its FINISHED follows.
    case .stopped:
      guard state.phase == .loading else { return }
      cancelled = true
      restoreAfterCancel()
    }
  }

  /// A cancelled load: what it showed stays; when it showed nothing, the page before it does.
  private mutating func restoreAfterCancel() {
    guard !state.hasContent else {
      state.phase = .loaded
      return
    }
    state.phase = phaseBeforeLoad
    if phaseBeforeLoad != .idle { (state.url, state.httpStatus) = shownBeforeLoad }
  }

  private mutating func begin(url: String) {
    if state.phase != .loading {
      phaseBeforeLoad = state.phase
      shownBeforeLoad = (state.url, state.httpStatus)
    }
    state.phase = .loading
    state.url = url
    state.progress = 0
    state.hasContent = false
    state.httpStatus = nil
    cancelled = false
  }

  private mutating func fail(_ error: LoadError) {
    state.phase = .failed(error)
    state.progress = 0
  }
}
