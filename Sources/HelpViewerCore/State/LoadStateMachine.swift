/// The rules from WebKit's events to what the viewer shows.
///
/// - A load goes `loading` → `loaded`, or → `failed` with a typed error; never an endless
///   spinner: a timeout, a terminated web process and a refused address all end in `failed`.
/// - Cancellation (a new load replacing one, `stop`) is never an error.
/// - A main resource with HTTP status ≥ 400 is a failure, although WebKit finishes it normally.
/// - Once failed, the late events of that load (FINISHED, progress) change nothing.
/// - A page whose web process stops answering (`.unresponsive`) while it shows something
///   (committed, loading or loaded) fails with `.pageNotResponding`, and stays failed when the
///   process answers again or is ended: only a new load (Reload, in a new process) shows it.
/// - A load cancelled before it showed anything (`stop`, a navigation the viewer refused) leaves
///   the page before it shown: its phase, address and status come back.
/// - A load WebKit cancelled before it showed anything, with nobody asking, stays loading with
///   `abandonment` set: the viewer asks for it again, or fails.
/// - An http(s) commit without an HTTP status is WebKit's placeholder before it starts the same
///   load again, not the page: the viewer stays loading.
/// - A load replaced by a newer one (another address, or the same one again, as `reload()`
///   while loading does) or stopped is over for the viewer: its late STARTED, COMMITTED,
///   cancellation and FINISHED change nothing, so the viewer never shows idle between two
///   loads, nor loading again after `stop`, nor the new load finished while the old page shows.
/// - A FINISHED before the current load committed (and not after its failure or cancellation)
///   is an earlier load's: WebKit sends a replaced load's FINISHED when it had finished in the
///   web process before the new request reached it.
/// - Each load has its number (`LoadState.loadNumber`). A real failure (TLS, connection) that
///   arrives late for a load a newer one replaced is that load's: it neither fails the newer
///   load nor changes what Retry loads. A FINISHED owed by an earlier load (its failure, its
///   timeout) is forgotten once the current load commits, so it never swallows the current
///   load's own FINISHED.
/// - A load WebKit drops without a word (it does not start in time, or WebKit interrupts it on
///   its own) is abandoned like a cancellation nobody asked for: asked for again (keeping its
///   number), or failed with an error of its own, never left to time out.
/// - Another `#fragment` of the page shown is no load: the page stays loaded at its new address.
/// - Back from an error of a load that showed nothing (a missing page of a book: WebKit added
///   no history item for it) shows the page shown before it again, which the web view still
///   holds; Back is possible then even when WebKit's history has nothing before that page, and
///   Forward is not (the link that failed was the last step).
///   Going back through WebKit's history instead skipped that page (issue 30).
/// - A STARTED before the current load started is the current load's, whatever address WebKit
///   gives it: WebKit's active address lags (empty, or the page before's) when a load follows
///   a cancelled one.
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
  /// The number of the load whose FINISHED is still to come and means nothing (WebKit sends
  /// FINISHED right after every `load-failed`, and after an HTTP error page); forgotten when a
  /// later load commits, since a dropped load never sends it.
  private var finishOwedBy: Int?
  /// What was shown before the current load began, restored when it is cancelled with nothing
  /// new on screen.
  private var phaseBeforeLoad: LoadPhase = .idle
  /// The address and status of what was shown before the current load began.
  private var shownBeforeLoad: (url: String?, httpStatus: Int?) = (nil, nil)
  /// The numbers and addresses of loads replaced by a newer request while they ran, whose STARTED,
  /// COMMITTED, cancellation or FINISHED may still come (WebKit sends them on its own time: a STARTED of
  /// the replaced load can even come after the new request). Forgotten once the current load
  /// commits; 64 at most (say, one per query typed into help search before any page showed).
  private var replaced: [(number: Int, url: String)] = []
  /// WebKit committed an http(s) address with no response at all (no HTTP status): not the
  /// page. Seen with WebKitGTK 2.50 on a new view's first load: COMMITTED with no status,
  /// FINISHED, then STARTED of the same address again and the real load. That FINISHED means
  /// nothing.
  private var placeholderCommitted = false
  /// Whether WebKit reported the current load's STARTED.
  private var startedCurrent = false
  /// Whether WebKit's history can go back and forward (`.history`); `state.canGoBack` also
  /// counts a return from an error.
  private var webKitCanGoBack = false
  private var webKitCanGoForward = false
  /// Whether the failure shown came from a load that showed nothing, over a loaded page the web
  /// view still holds: Back returns to that page (`.returnedFromError`).
  public private(set) var returnsFromError = false {
    didSet {
      // While such an error shows, the link that led to it was the last step: nothing is after it.
      state.canGoBack = webKitCanGoBack || returnsFromError
      state.canGoForward = webKitCanGoForward && !returnsFromError
    }
  }

  /// Set when WebKit cancelled the viewer's own load before it showed anything, and nobody
  /// asked for it (no `stop`, no newer load, no refused navigation). Seen with WebKitGTK 2.50
  /// for a page with an untrusted certificate loaded after another page, about one time in
  /// six: a cancellation instead of the TLS failure. The state stays loading (before, it fell
  /// back to the page before, which could be another address's error); the viewer asks for the
  /// load again, or fails with this error. Cleared when a load begins, fails or is stopped.
  public private(set) var abandonment: LoadError?

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
      // The viewer asking again for a load WebKit dropped: the same load.
      let again = abandonment != nil && state.requestedURL == url
      noteReplaced()
      begin(url: url, isNewLoad: !again)
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
      // Refused before WebKit heard of it: a loaded page stays in the web view, under the error.
      if state.phase == .loaded {
        phaseBeforeLoad = .loaded
        shownBeforeLoad = (state.url, state.httpStatus)
        state.hasContent = false
        state.phase = .loading
      }
      state.requestedURL = error.url ?? state.requestedURL
      fail(error)
    case .started(let url):
      // Our own request starts as asked; anything else (a link clicked) is a new navigation,
      // except a load we replaced, starting late.
      guard state.phase != .loading || state.url != url else {
        startedCurrent = true
        return
      }
      guard !replaced.contains(where: { $0.url == url }) else { return }
      // The current load has not started: this is its STARTED. WebKit's address then may be
      // empty, or the page before's, right after another load was cancelled (it forgets the
      // pending address with the cancellation).
      guard state.phase != .loading || (startedCurrent && !url.isEmpty) else {
        startedCurrent = true
        return
      }
      begin(url: url)
      state.requestedURL = url
      state.offlineReason = nil
    case .redirected(let url):
      guard state.phase == .loading else { return }
      state.url = url
    case .committed(let url, let status):
      guard state.phase == .loading else { return }
      // A replaced load committing late (its page shows until the new one commits).
      guard DocumentAddress.same(url, state.url) || !replaced.contains(where: { DocumentAddress.same($0.url, url) })
      else {
        return
      }
      if status == nil, Self.isHTTP(url) {
        placeholderCommitted = true
        return
      }
      state.url = url
      state.hasContent = true
      state.httpStatus = status
      replaced.removeAll()  // What this load replaced was cancelled before it got here.
      if finishOwedBy != state.loadNumber { finishOwedBy = nil }  // An earlier load's, never coming now.
      if let status, status >= 400, httpErrorsAreFailures {
        fail(LoadError(.httpError, url: url, httpStatus: status, details: "HTTP status \(status)"))
        finishOwedBy = state.loadNumber
      }
    case .finished:
      if finishOwedBy != nil {
        finishOwedBy = nil
        return
      }
      guard state.phase == .loading else { return }
      if placeholderCommitted {
        placeholderCommitted = false
        return  // The real load starts again.
      }
      // Not this load's: it has neither committed nor been cancelled.
      guard state.hasContent || cancelled else { return }
      if cancelled, !state.hasContent {
        abandon("WebKit cancelled the load before it showed anything, each time it was asked for.")
      } else if cancelled {
        restoreAfterCancel()
      } else {
        state.phase = .loaded
        state.progress = 1
      }
    case .failed(let url, let error):
      guard state.phase == .loading else { return }
      if !DocumentAddress.same(url, state.url),
        let earlier = replaced.last(where: { DocumentAddress.same($0.url, url) })
      {
        finishOwedBy = earlier.number  // A replaced load's failure, late: the new load goes on.
      } else if Self.isInterruption(error), !state.hasContent, DocumentAddress.same(url, state.url) {
        // WebKit interrupted the load on its own (an old page's `window.stop()`): the viewer
        // refuses downloads itself, before WebKit could, so this is no download.
        cancelled = true
      } else if let loadError = ErrorClassifier.classify(error, url: url) {
        state.requestedURL = url
        fail(loadError)
        finishOwedBy = state.loadNumber
      } else if let index = replaced.firstIndex(where: { $0.url == url }) {
        finishOwedBy = replaced.remove(at: index).number  // A replaced load's cancellation: the new load goes on.
      } else if url != state.url {
        finishOwedBy = state.loadNumber - 1  // The load this one replaced was cancelled.
      } else {
        cancelled = true
      }
    case .progress(let value):
      guard state.phase == .loading else { return }
      state.progress = min(max(value, 0), 1)
    case .title(let title):
      state.title = title.flatMap { $0.isEmpty ? nil : $0 }
    case .history(let back, let forward):
      webKitCanGoBack = back
      webKitCanGoForward = forward
      state.canGoBack = back || returnsFromError
      state.canGoForward = forward && !returnsFromError
    case .webProcessTerminated(let reason):
      // A hung page's process ends (by the viewer, or on its own): the hang stays the reason.
      guard state.error?.kind != .pageNotResponding else { return }
      fail(LoadError(.webProcessTerminated, url: state.url ?? state.requestedURL, details: reason))
    case .unresponsive:
      // Only a page that shows something can hang in a script: before, WebKit's word is about
      // a process still starting (slowly, on a busy machine); the load's timeout covers it.
      guard state.phase == .loaded || (state.phase == .loading && state.hasContent) else { return }
      fail(
        LoadError(
          .pageNotResponding, url: state.url ?? state.requestedURL,
          details: "The page's web process stopped answering."))
    case .responsive:
      break  // A page that hung stays failed: its next script may hang again. Reload starts it afresh.
    case .timedOut:
      guard state.phase == .loading else { return }
      fail(LoadError(.timedOut, url: state.url ?? state.requestedURL, details: "No answer in time."))
      finishOwedBy = state.loadNumber  // The viewer stops the load: its FINISHED follows.
    case .stopped:
      guard state.phase == .loading else { return }
      noteReplaced()  // Its STARTED may still come (after the server saw its request, even).
      cancelled = true
      restoreAfterCancel()
    case .sameDocument(let url):
      // Only another place in the page shown (WebKit's address changes with every load too).
      guard state.phase == .loaded, DocumentAddress.same(url, state.url) else { return }
      state.url = url
      state.requestedURL = url
    case .notStarted:
      guard state.phase == .loading, !state.hasContent, abandonment == nil else { return }
      abandon("WebKit did not start the load, each time it was asked for.")
    case .returnedFromError:
      guard returnsFromError, state.error != nil else { return }
      returnsFromError = false
      state.phase = .loaded
      state.progress = 1
      state.hasContent = true
      (state.url, state.httpStatus) = shownBeforeLoad
      state.requestedURL = shownBeforeLoad.url
      state.offlineReason = nil
    }
  }

  /// The current load is over without a word from WebKit: the viewer asks for it again, or
  /// fails with this error.
  private mutating func abandon(_ details: String) {
    abandonment = LoadError(.other, url: state.requestedURL ?? state.url, details: details)
  }

  /// A cancelled load: what it showed stays; when it showed nothing, the page before it does.
  private mutating func restoreAfterCancel() {
    abandonment = nil
    guard !state.hasContent else {
      state.phase = .loaded
      return
    }
    state.phase = phaseBeforeLoad
    if phaseBeforeLoad != .idle { (state.url, state.httpStatus) = shownBeforeLoad }
  }

  /// Remembers that the running load (if any) is over: replaced by the one about to begin, or
  /// stopped.
  private mutating func noteReplaced() {
    // An abandoned load is over already: nothing of it is still to come.
    guard state.phase == .loading, abandonment == nil, let url = state.url else { return }
    replaced.append((state.loadNumber, url))
    if replaced.count > 64 { replaced.removeFirst() }
  }

  private mutating func begin(url: String, isNewLoad: Bool = true) {
    if isNewLoad { state.loadNumber += 1 }
    returnsFromError = false
    startedCurrent = false
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
    placeholderCommitted = false
    abandonment = nil
  }

  /// Whether `error` is WebKit's "frame load interrupted by policy change".
  private static func isInterruption(_ error: PlatformError) -> Bool {
    error.domain == ErrorClassifier.Domain.webKitPolicy
      && error.code == ErrorClassifier.Code.webKitPolicyInterruptedByPolicyChange
  }

  /// Whether `url` is an http or https address (whose commit always has an HTTP status).
  private static func isHTTP(_ url: String) -> Bool {
    let lowered = url.lowercased()
    return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
  }

  private mutating func fail(_ error: LoadError) {
    abandonment = nil
    // A failure before anything of it showed, over a loaded page: that page is still there.
    let over = state.phase == .loading && !state.hasContent && phaseBeforeLoad == .loaded
    state.phase = .failed(error)
    state.progress = 0
    returnsFromError = over && shownBeforeLoad.url != nil
  }
}
