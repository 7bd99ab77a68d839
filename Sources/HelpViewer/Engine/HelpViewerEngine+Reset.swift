extension HelpViewerEngine {
  /// Puts the engine back as a new process has it: no kept dialog window, spare view or
  /// preloaded page or search index, the default limits and reuse, the default spinner delay,
  /// and new network sessions (no cookies or trusted certificates of an earlier viewer). Internal: for tests, so that no test
  /// sees what another left behind.
  ///
  /// ```swift
  /// override func setUp() { super.setUp(); MainActor.assumeIsolated { HelpViewerEngine.reset() } }
  /// ```
  static func reset() {
    dropSpareViews()
    dropSearchIndexes()
    SearchIndexes.builder = SearchIndexes.defaultBuilder
    BundledScheme.onRequest = nil
    reusesDialogWindows = true
    spareViewLimit = 1
    preloadLimit = 2
    hardwareAcceleration = false
    WebEngine.forgetSession()
    LoadingWebView.spinnerDelay = 0.3
  }
}
