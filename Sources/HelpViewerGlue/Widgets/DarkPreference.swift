import HelpViewerCGtk
import HelpViewerCShim

/// GTK's "prefer dark" setting (`gtk-application-prefer-dark-theme` on the default
/// `GtkSettings`), which WebKit also follows for `prefers-color-scheme`.
///
/// ```swift
/// DarkPreference.isPreferred = true  // the app and its pages go dark
/// signals += DarkPreference.connectChanged { [weak self] in self?.applyTheme() }
/// ```
@MainActor
public enum DarkPreference {
  /// Whether dark is preferred; `false` when GTK has no settings (no display).
  public static var isPreferred: Bool {
    get { gtk_settings_get_default().map { hv_settings_get_prefer_dark($0) != 0 } ?? false }
    set {
      guard let settings = gtk_settings_get_default() else { return }
      hv_settings_set_prefer_dark(settings, newValue ? 1 : 0)
    }
  }

  /// Runs `handler` after the preference changed; `nil` without a display.
  public static func connectChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection? {
    guard let settings = gtk_settings_get_default() else { return nil }
    return connectNotify(UnsafeMutableRawPointer(settings), property: "gtk-application-prefer-dark-theme", handler)
  }
}
