import HelpViewerCGtk

/// A GTK toplevel window (`GtkWindow`), watched rather than owned: GTK owns its toplevels (its
/// list of them holds the one reference), so `destroy()` or GTK destroying it with its parent
/// finalizes it whatever wrappers still exist. Every property and method does nothing (or
/// answers as for a window that is not shown) once the window is gone.
///
/// This is the one exception to `Widget`'s ownership rule, and the reason it is no `Widget`: a
/// dialog object outlives its window, and its window must not outlive the dialog's end.
///
/// ```swift
/// let window = Window()
/// window.title = "Help"
/// window.setChild(page)
/// window.present()
/// window.destroy()   // finalized now; `window.isAlive` is false
/// ```
@MainActor
public final class Window {
  /// The window's address: compared and handed to hosts, never read once the window is gone.
  public let address: UnsafeMutableRawPointer
  private let watch: GWeakObject

  /// A new, empty window, which GTK owns (see above).
  public init() {
    guard let window = gtk_window_new() else { preconditionFailure("GTK made no window (gtk_window_new)") }
    address = UnsafeMutableRawPointer(window)
    watch = GWeakObject(address)
  }

  /// Watches `window`, e.g. a host's window that a dialog stands over.
  public init(watching window: UnsafeMutablePointer<GtkWindow>) {
    address = UnsafeMutableRawPointer(window)
    watch = GWeakObject(address)
  }

  /// Whether the window has not been finalized yet.
  public var isAlive: Bool { watch.isAlive }

  /// The window while it lives, for the glue and for hosts' code that calls GTK.
  public var gtkWindow: UnsafeMutablePointer<GtkWindow>? { with { $0 } }

  /// Whether `other` is this window.
  public func isSame(as other: Window?) -> Bool { other?.address == address }

  /// Runs `body` with the window held alive for the call; `nil` once the window is gone.
  @discardableResult
  func with<R>(_ body: (UnsafeMutablePointer<GtkWindow>) -> R) -> R? {
    watch.withObject { body($0.assumingMemoryBound(to: GtkWindow.self)) }
  }

  /// Runs `body` with the window as a widget; `nil` once the window is gone.
  @discardableResult
  func withWidget<R>(_ body: (UnsafeMutablePointer<GtkWidget>) -> R) -> R? {
    watch.withObject { body($0.assumingMemoryBound(to: GtkWidget.self)) }
  }

  // MARK: Showing and ending

  /// Shows the window and raises it.
  public func present() { with { gtk_window_present($0) } }

  /// Destroys the window (GTK drops its reference: it is finalized, and `destroy` is emitted).
  public func destroy() { with { gtk_window_destroy($0) } }

  /// Whether the window is shown; setting `false` hides it (it stays alive).
  public var isVisible: Bool {
    get { withWidget { gtk_widget_get_visible($0) != 0 } ?? false }
    set { withWidget { gtk_widget_set_visible($0, newValue ? 1 : 0) } }
  }

  /// Whether the window is mapped (shown on the screen now).
  public var isMapped: Bool { withWidget { gtk_widget_get_mapped($0) != 0 } ?? false }

  /// Whether the window has the keyboard focus of the desktop.
  public var isActive: Bool { with { gtk_window_is_active($0) != 0 } ?? false }

  /// Runs `handler` when the window is destroyed (by `destroy()`, or by GTK with its parent).
  @discardableResult
  public func onDestroy(_ handler: @escaping @MainActor () -> Void) -> SignalConnection? {
    withWidget { $0.connectDestroy(handler) }
  }

  /// Runs `handler` after the window's property `property` (e.g. `"default-width"`) changed.
  @discardableResult
  public func onChange(of property: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection? {
    with { connectNotify(UnsafeMutableRawPointer($0), property: property, handler) }
  }

  // MARK: Content

  /// The window's title, as the window manager shows it.
  public var title: String? {
    get { with { gtk_window_get_title($0).map { String(cString: $0) } } ?? nil }
    set { with { gtk_window_set_title($0, newValue) } }
  }

  /// Makes `child` the window's content (`nil`: none); the previous child is unparented.
  public func setChild(_ child: Widget?) { with { gtk_window_set_child($0, child?.widget) } }

  /// Whether `widget` is the window's content.
  public func hasChild(_ widget: Widget) -> Bool { with { gtk_window_get_child($0) == widget.widget } ?? false }

  /// Makes `bar` the window's title bar, unless it is already.
  public func setTitlebar(_ bar: Widget) {
    with { if gtk_window_get_titlebar($0) != bar.widget { gtk_window_set_titlebar($0, bar.widget) } }
  }

  /// Gives `widget` (inside the window) the keyboard focus, or takes it from every widget.
  public func setFocus(_ widget: Widget?) { with { gtk_window_set_focus($0, widget?.widget) } }

  // MARK: Actions and keys

  /// Makes `group`'s actions `PREFIX.NAME` for the window and everything in it (`nil` takes a
  /// group off).
  public func insertActions(_ group: ActionGroup?, as prefix: String) {
    withWidget { widget in
      if let group {
        group.insert(into: widget, as: prefix)
      } else {
        gtk_widget_insert_action_group(widget, prefix, nil)
      }
    }
  }

  /// Activates the action `name` (e.g. `"dialog.back"`) as if from the window.
  public func activateAction(_ name: String) { withWidget { _ = gtk_widget_activate_action_variant($0, name, nil) } }

  /// Runs `handler` when `trigger` is pressed in the window; see `addShortcut(_:_:)` on a widget.
  @discardableResult
  public func addShortcut(_ trigger: String, _ handler: @escaping @MainActor () -> Bool) -> ShortcutController? {
    withWidget { $0.addShortcut(trigger, handler) } ?? nil
  }

  /// Activates the named actions when their triggers are pressed in the window.
  @discardableResult
  public func addActionShortcuts(_ shortcuts: [(trigger: String, action: String)]) -> ShortcutController? {
    withWidget { $0.addActionShortcuts(shortcuts) } ?? nil
  }
}
