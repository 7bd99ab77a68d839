import HelpViewerCGtk
import HelpViewerCWebKit
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

  /// The offline copy to show after `error`, when there is one and it was not what failed.
  func fallbackAddress(after error: LoadError) -> String? {
    guard let fallback = configuration.offlineFallback?.absoluteString, !state.isOfflineCopy,
      fallback != state.url, error.kind != .invalidURL, error.kind != .unsupportedScheme,
      error.kind != .pageNotResponding
    else { return nil }
    return fallback
  }

}
