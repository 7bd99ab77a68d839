import HelpViewerCGtk

/// Makes Tab and Shift+Tab leave the page by exactly one step.
///
/// When Tab passes the page's last link, WebKitGTK (2.50, GTK 4) moves the focus to the next
/// control itself and then hands the same Tab back to GTK as unhandled, which moves the focus
/// once more: the control right after the page (the dialog's Back button) was skipped. The
/// guard notes the time of each Tab the web view receives, and in the window swallows a Tab with
/// that same time once the focus has already left the web view.
///
/// ```swift
/// let tabGuard = TabOutGuard(webView: page)  // installs itself on the window when rooted
/// tabGuard.detach()  // takes its controllers off again
/// ```
@MainActor
public final class TabOutGuard {
  private let webView: UnsafeMutablePointer<GtkWidget>
  private var lastTabTime: UInt32?
  private var guardedRoot: GWeakObject?
  private var webViewHandler: KeyPressHandler?
  private var rootHandler: KeyPressHandler?
  private let signals = SignalBag()

  /// Guards `webView`, a web view (or any widget that hands keys back the same way).
  public init(webView: Widget) {
    self.webView = webView.widget
    webViewHandler = self.webView.addKeyPressHandler(phase: GTK_PHASE_CAPTURE) { [weak self] key in
      if Self.isTab(key) { self?.lastTabTime = key.time }
      return false
    }
    signals += connectNotify(self.webView, property: "root") { [weak self] in self?.guardRoot() }
    guardRoot()
  }

  /// Stops guarding and takes its key controllers off the web view and the window.
  public func detach() {
    signals.disconnectAll()
    webViewHandler?.remove()
    rootHandler?.remove()
    lastTabTime = nil
  }

  isolated deinit {
    webViewHandler?.remove()
    rootHandler?.remove()
  }

  private func guardRoot() {
    guard let root = gtk_widget_get_root(webView) else { return }
    let rootWidget: UnsafeMutablePointer<GtkWidget> = gcast(root)
    if let guardedRoot, guardedRoot.withObject({ $0 == UnsafeMutableRawPointer(rootWidget) }) == true { return }
    guardedRoot = GWeakObject(UnsafeMutableRawPointer(rootWidget))
    rootHandler?.remove()
    rootHandler = rootWidget.addKeyPressHandler(phase: GTK_PHASE_CAPTURE) { [weak self] key in
      self?.swallowsEcho(key, in: rootWidget) ?? false
    }
  }

  /// Whether `key` is the web view's Tab handed back after the focus already left the page.
  private func swallowsEcho(_ key: KeyPress, in root: UnsafeMutablePointer<GtkWidget>) -> Bool {
    guard Self.isTab(key), let time = lastTabTime, time == key.time,
      gtk_widget_get_root(webView).map({ UnsafeMutableRawPointer($0) }) == UnsafeMutableRawPointer(root)
    else { return false }
    let focus = gtk_root_get_focus(gcast(root))
    if let focus, focus == webView || gtk_widget_is_ancestor(focus, webView) != 0 { return false }
    lastTabTime = nil
    return true
  }

  private static func isTab(_ key: KeyPress) -> Bool {
    [GDK_KEY_Tab, GDK_KEY_ISO_Left_Tab, GDK_KEY_KP_Tab].contains(Int32(bitPattern: key.keyval))
  }
}
