import HelpViewerCore
import HelpViewerGlue

extension LoadingWebView {
  /// Asks WebKit again, a little later, for the load it cancelled on its own before it showed
  /// anything; fails with `abandonment` when it keeps doing so. The spinner stays meanwhile.
  func restartAbandonedLoad(_ abandonment: LoadError) {
    guard let address = machine.state.requestedURL else {
      handle(.rejected(abandonment))
      return
    }
    restarter.restart(
      ask: { [weak self] in
        guard let self, !self.isDetached else { return }
        let current = self.machine.state
        guard current.isLoading, current.requestedURL == address else { return }
        // A try WebKit ignored (no STARTED in time) is abandoned too: the request that follows
        // is the same load again, not a newer one replacing it.
        self.machine.handle(.notStarted)
        self.load(address: address)
      },
      giveUp: { [weak self] in self?.handle(.rejected(abandonment)) })
  }

  /// How long WebKit may stay idle while the viewer waits for a load before the load counts as
  /// dropped, in seconds. Between a replaced load and its successor WebKit is idle for less than
  /// 10 ms.
  static let droppedLoadDelay = 0.5

  /// WebKit went idle: when it stays so for `droppedLoadDelay` while the viewer still waits for
  /// the page's first content, it dropped the load without a word. Seen in round 1 of
  /// `RaceTests.testALateTLSFailureOfAReplacedLoadDoesNotFailTheNewOne` (2 of 20 runs in a fresh
  /// test process on a loaded machine): a page replaced at once by another, WebKit idle with
  /// an empty address, then a STARTED with no address, idle again, and no event after; the
  /// spinner stayed until the timeout. The load then counts as one WebKit did not start: it is
  /// asked for again (`restartAbandonedLoad`), up to the restarter's tries.
  func watchForDroppedLoad() {
    guard machine.state.isLoading, !machine.state.hasContent else { return }
    dropCheck = TimeoutSource(seconds: Self.droppedLoadDelay) { [weak self] in
      guard let self, !self.isDetached else { return }
      self.dropCheck = nil
      let state = self.machine.state
      guard state.isLoading, !state.hasContent, !self.restarter.isPending,
        !self.page.isLoading
      else { return }
      self.handle(.notStarted)
    }
  }

  /// The offline copy to show after `error`, when there is one and it was not what failed.
  func fallbackAddress(after error: LoadError) -> String? {
    guard let fallback = configuration.offlineFallback?.absoluteString, !state.isOfflineCopy,
      fallback != state.url, error.kind != .invalidURL, error.kind != .unsupportedScheme,
      error.kind != .pageNotResponding
    else { return nil }
    return fallback
  }

  /// Whether the page stopped answering: it failed with `.pageNotResponding`, or WebKit says
  /// its web process does not respond. Such a view is not kept for another dialog.
  var isStuck: Bool {
    state.error?.kind == .pageNotResponding || !page.isWebProcessResponsive
  }

  /// Ends the web process of a page that stopped answering (its termination is no new error:
  /// the state stays `.pageNotResponding`). Views of the pool may share that process, so the
  /// engine lets them go: the next dialog starts afresh.
  func endStuckWebProcess() {
    watchdog?.run(false)
    page.terminateWebProcess()
    HelpViewerEngine.webProcessEnded()
  }
}
