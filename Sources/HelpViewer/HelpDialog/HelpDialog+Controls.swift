extension HelpDialog {
  /// The header bar controls a host shows; each can be left out.
  ///
  /// ```swift
  /// HelpDialog(title: "Help", over: window, controls: [.navigation, .openInBrowser, .menu, .close])
  /// HelpDialog(title: "Terms", over: window, controls: .all.subtracting(.menu))
  /// ```
  ///
  /// Left-out controls only hide their buttons: the keyboard shortcuts (Alt+Left, Alt+Right,
  /// F5, Ctrl+R, Esc, Ctrl+W) and the menu's "Open in Browser" keep working.
  public struct Controls: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Back, forward, and reload (which becomes stop while loading).
    public static let navigation = Controls(rawValue: 1 << 0)
    /// A button that opens the page in the default browser.
    public static let openInBrowser = Controls(rawValue: 1 << 1)
    /// The menu: zoom, find, print, open in browser.
    public static let menu = Controls(rawValue: 1 << 2)
    /// The close button.
    public static let close = Controls(rawValue: 1 << 3)

    /// The menu and the close button: what a dialog shows unless the host says otherwise.
    public static let standard: Controls = [.menu, .close]
    /// Everything.
    public static let all: Controls = [.navigation, .openInBrowser, .menu, .close]

    /// `standard`, plus navigation when `showsNavigation` (the older `showsNavigation:` flag).
    public static func standard(showsNavigation: Bool) -> Controls {
      showsNavigation ? standard.union(.navigation) : standard
    }
  }
}
