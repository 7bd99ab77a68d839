import HelpViewerGlue

extension LoadingWebView {
  /// The web view's background in the light and dark themes: what shows before the first paint
  /// and behind pages without a background of their own (the bundled pages' own colors).
  static let lightBackground = Color(red: 1, green: 1, blue: 1)
  static let darkBackground = Color(red: 0x1e / 255.0, green: 0x1e / 255.0, blue: 0x1e / 255.0)

  /// Paints the web view's background for GTK's dark preference now and whenever it changes,
  /// so no white frame flashes in a dark app. (WebKit itself gives pages
  /// `prefers-color-scheme: dark` from the same setting.)
  func followTheme() {
    applyTheme()
    if let connection = DarkPreference.connectChanged({ [weak self] in self?.applyTheme() }) {
      themeSignals += connection
    }
  }

  private func applyTheme() {
    page.backgroundColor = DarkPreference.isPreferred ? Self.darkBackground : Self.lightBackground
  }
}
