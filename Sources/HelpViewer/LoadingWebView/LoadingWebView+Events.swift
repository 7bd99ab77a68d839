import Foundation
import HelpViewerCore
import HelpViewerGlue

// Event → state → widgets: how a WebKit load event reaches the spinner.
//
// `WebViewEvents` turns each WebKit signal into a `LoadEvent` and calls `handle(_:)`, which feeds
// it to `LoadStateMachine`; the new `LoadState` lands in `model.state`, and `render(_:)` shows or
// hides the spinner, the progress bar and the error view.
extension LoadingWebView {
  /// Whether `event` is WebKit's and comes from before this viewer's first load on reused parts
  /// (the viewer's own events and a web process's end always count).
  private func isStale(_ event: LoadEvent) -> Bool {
    guard let awaited = awaitedFirstStart else { return false }
    switch event {
    case .started(let url) where url == awaited:
      awaitedFirstStart = nil
      return false
    case .requested, .fallback, .rejected, .refused, .timedOut, .stopped, .webProcessTerminated, .unresponsive:
      return false
    default: return true
    }
  }

  func handle(_ event: LoadEvent) {
    guard !isStale(event) else { return }
    switch event {
    case .requested, .started, .fallback: armTimeout()
    default: break
    }
    if case .started = event { restarter.noteStart() }
    let changed = machine.handle(event)
    if let abandonment = machine.abandonment {
      restartAbandonedLoad(abandonment)
      return
    }
    guard changed else { return }
    let state = machine.state
    if let error = state.error, let fallback = fallbackAddress(after: error) {
      // Show the bundled copy instead, with a note; the failed address stays the one to retry.
      // On the next turn of the loop, once WebKit is done with the failed load (a timeout
      // stops it after this returns).
      fallbackStart = TimeoutSource(seconds: 0) { [weak self] in
        guard let self, !self.isDetached, self.machine.state.error == error else { return }
        self.handle(.fallback(url: fallback, reason: error))
        self.navigationGuard.expectHostLoad(fallback)
        self.page.load(fallback)
      }
      return
    }
    if !state.isLoading {
      loadTimer?.cancel()
      loadTimer = nil
    }
    // Ask the page whether it answers while it shows something (loading or loaded).
    watchdog?.run(!isDetached && (state.phase == .loaded || (state.isLoading && state.hasContent)))
    let previous = model.state.phase
    model.state = state
    render(state)
    settleFocus(state, previous: previous)
    // A help book's page shown: the pages it links to may render now (Mallard).
    if state.phase == .loaded, previous != .loaded, let url = state.url { BundledScheme.pageLoaded(at: url) }
    if state.phase == .loaded, let section = sectionToScroll, state.url == section {
      scrollToSection(section)
    } else if state.phase == .loaded, previous != .loaded, let url = state.url, url.contains("#") {
      keepSectionInView(url)
    }
    for observer in observers { observer(state) }
    onStateChange?(state)
  }

  /// Whether the offline copy is about to start (after a failure, on the next turn of the loop).
  var isStartingOfflineCopy: Bool { fallbackStart?.isPending == true }

  /// Calls `observer` now and after every state change (for the dialogs built on the viewer).
  func observe(_ observer: @escaping (LoadState) -> Void) {
    observers.append(observer)
    observer(state)
  }

  private func armTimeout() {
    loadTimer?.cancel()
    loadTimer = TimeoutSource(seconds: timeout) { [weak self] in
      guard let self, self.state.isLoading else { return }
      // The server answered (the page is shown) but the page itself does not: it hangs.
      if self.state.hasContent, self.watchdog?.isWaitingForAnswer == true {
        self.handle(.unresponsive)
        return
      }
      self.handle(.timedOut)
      self.page.stopLoading()
    }
  }

  /// The spinner shows at once but spins only once the load has taken `spinnerDelay`: every
  /// animation frame redraws the window, which on a software renderer costs more than a quick
  /// load itself (measured: a warm open 140 → 110 ms).
  private func animateSpinner(_ shows: Bool) {
    guard shows else {
      spinnerStart = nil
      spinner.isSpinning = false
      return
    }
    guard spinnerStart?.isPending != true, !spinner.isSpinning else { return }
    spinnerStart = TimeoutSource(seconds: Self.spinnerDelay) { [weak self] in
      guard let self, self.state.showsSpinner else { return }
      self.spinner.isSpinning = true
    }
  }

  func render(_ state: LoadState) {
    offlineBanner.render(state)
    renderAccessibility(state)
    spinner.isVisible = state.showsSpinner
    animateSpinner(state.showsSpinner)
    progressBar.isVisible = state.showsProgress
    progressBar.fraction = state.progress
    if let error = state.error {
      errorView.show(error)
      releaseHiddenFocus()
    }
    showCurrentView()
  }

  /// Shows the error view after a failure, else the page or its text view (`showsText`).
  func showCurrentView() {
    let name = state.error != nil ? "error" : isShowingText ? "text" : "page"
    stack.visibleChildName = name
  }
}
