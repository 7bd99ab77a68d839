import HelpViewerGlue

/// A dialog's `GtkWindow`: made new, or put back into the state a new one has before a kept
/// window serves the next dialog, and attached to (and detached from) its parent and the
/// parent's `GtkApplication`.
///
/// Whatever a host did to one dialog's window (its size, size request, maximized or fullscreen
/// state, CSS classes, flags, title bar) does not carry into the next dialog.
///
/// ```swift
/// let window = DialogWindow.make()
/// DialogWindow.restore(window, titlebar: header.bar)
/// let application = DialogWindow.attach(window, to: parent)
/// DialogWindow.detach(window)   // before it is kept for the next dialog
/// ```
@MainActor
enum DialogWindow {
  /// The CSS class every dialog window has.
  static let cssClass = "help-viewer-dialog"
  /// The size a dialog opens at, and the smallest it can be made.
  static let defaultSize = (width: 720, height: 640)
  static let minimumSize = (width: 300, height: 300)
  /// Classes GTK itself adds and removes as the window's state changes (left alone).
  private static let stateClasses: Set<String> = [
    "csd", "solid-csd", "ssd", "maximized", "fullscreen", "tiled", "tiled-top", "tiled-bottom", "tiled-left",
    "tiled-right",
  ]
  /// The classes of a new dialog window (GTK's `background` and `cssClass`).
  private static var ownClasses: Set<String> = [cssClass]

  /// A new, empty dialog window. GTK owns it (its toplevel list holds it); `Window` holds no
  /// reference, so that `destroy()` drops the last one and `destroy` is emitted.
  static func make() -> Window {
    let window = Window()
    window.addStyleClass(cssClass)
    ownClasses = Set(window.styleClasses)
    return window
  }

  /// Gives `window` what a new dialog window has: size, size request, window state, flags, CSS
  /// classes and `titlebar` as its title bar.
  static func restore(_ window: Window, titlebar: Widget) {
    window.defaultSize = defaultSize
    window.setMinimumSize(minimumSize)
    window.restoreNormalState()
    window.restoreNewFlags()
    window.isModal = true
    window.setTitlebar(titlebar)
    for name in window.styleClasses where !ownClasses.contains(name) && !stateClasses.contains(name) {
      window.removeStyleClass(name)
    }
    for name in ownClasses { window.addStyleClass(name) }
  }

  /// Makes `window` modal over `parent` (destroyed with it) and a window of the parent's
  /// `GtkApplication`, so that the application's accelerators and actions work in it; returns
  /// that application. With no parent, the window stands alone.
  @discardableResult
  static func attach(_ window: Window, to parent: Window?) -> Application? {
    window.isModal = true
    window.setTransient(for: parent, destroyedWithParent: true)
    let application = parent?.application
    window.application = application
    return application
  }

  /// Takes `window` off its parent and out of its application (for a window kept hidden for the
  /// next dialog).
  static func detach(_ window: Window) {
    window.setTransient(for: nil, destroyedWithParent: false)
    window.application = nil
  }
}
