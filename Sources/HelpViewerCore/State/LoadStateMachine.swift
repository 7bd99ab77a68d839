/// The rules from WebKit's events to what the viewer shows.
///
/// - A load goes `loading` → `loaded`, or → `failed` with a typed error; never an endless
///   spinner: a timeout, a terminated web process and a refused address all end in `failed`.
/// - Cancellation (a new load replacing one, `stop`) is never an error.
/// - A main resource with HTTP status ≥ 400 is a failure, although WebKit finishes it normally.
/// - Once failed, the late events of that load (FINISHED, progress) change nothing.
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
        state.phase = state.hasContent ? .loaded : phaseBeforeLoad
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
      fail(LoadError(.webProcessTerminated, url: state.url ?? state.requestedURL, details: reason))
    case .timedOut:
      guard state.phase == .loading else { return }
      fail(LoadError(.timedOut, url: state.url ?? state.requestedURL, details: "No answer in time."))
      ignoreNextFinish = true  // The viewer stops the load: its FINISHED follows.
    case .stopped:
      guard state.phase == .loading else { return }
      cancelled = true
      state.phase = state.hasContent ? .loaded : phaseBeforeLoad
    }
  }

  private mutating func begin(url: String) {
    if state.phase != .loading { phaseBeforeLoad = state.phase }
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
