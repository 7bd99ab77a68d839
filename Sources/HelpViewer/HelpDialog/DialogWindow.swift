import HelpViewerCGtk
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
  static let defaultSize: (width: Int32, height: Int32) = (720, 640)
  static let minimumSize: (width: Int32, height: Int32) = (300, 300)
  /// Classes GTK itself adds and removes as the window's state changes (left alone).
  private static let stateClasses: Set<String> = [
    "csd", "solid-csd", "ssd", "maximized", "fullscreen", "tiled", "tiled-top", "tiled-bottom", "tiled-left",
    "tiled-right",
  ]
  /// The classes of a new dialog window (GTK's `background` and `cssClass`).
  private static var ownClasses: Set<String> = [cssClass]

  /// A new, empty dialog window. GTK owns it (its toplevel list holds it); no reference of ours,
  /// so that `gtk_window_destroy` drops the last one and `destroy` is emitted.
  static func make() -> UnsafeMutablePointer<GtkWindow> {
    let window: UnsafeMutablePointer<GtkWindow> = gcast(gtk_window_new()!)
    gtk_widget_add_css_class(gcast(window), cssClass)
    ownClasses = Set(classes(of: window))
    return window
  }

  /// Gives `window` what a new dialog window has: size, size request, window state, flags, CSS
  /// classes and `titlebar` as its title bar.
  static func restore(_ window: UnsafeMutablePointer<GtkWindow>, titlebar: Widget) {
    let widget: UnsafeMutablePointer<GtkWidget> = gcast(window)
    gtk_window_set_default_size(window, defaultSize.width, defaultSize.height)
    gtk_widget_set_size_request(widget, minimumSize.width, minimumSize.height)
    gtk_window_unmaximize(window)
    gtk_window_unfullscreen(window)
    gtk_window_unminimize(window)
    gtk_window_set_resizable(window, 1)
    gtk_window_set_decorated(window, 1)
    gtk_window_set_deletable(window, 1)
    gtk_window_set_hide_on_close(window, 0)
    gtk_window_set_icon_name(window, nil)
    gtk_window_set_handle_menubar_accel(window, 1)
    gtk_window_set_modal(window, 1)
    gtk_widget_set_opacity(widget, 1)
    gtk_widget_set_sensitive(widget, 1)
    gtk_widget_set_tooltip_text(widget, nil)
    gtk_widget_set_direction(widget, GTK_TEXT_DIR_NONE)
    if gtk_window_get_titlebar(window) != titlebar.widget { gtk_window_set_titlebar(window, titlebar.widget) }
    for name in classes(of: window) where !ownClasses.contains(name) && !stateClasses.contains(name) {
      gtk_widget_remove_css_class(widget, name)
    }
    for name in ownClasses { gtk_widget_add_css_class(widget, name) }
  }

  /// Makes `window` modal over `parent` (destroyed with it) and a window of the parent's
  /// `GtkApplication`, so that the application's accelerators and actions work in it; returns
  /// that application. With no parent, the window stands alone.
  @discardableResult
  static func attach(
    _ window: UnsafeMutablePointer<GtkWindow>, to parent: UnsafeMutablePointer<GtkWindow>?
  ) -> UnsafeMutablePointer<GtkApplication>? {
    gtk_window_set_modal(window, 1)
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_destroy_with_parent(window, parent == nil ? 0 : 1)
    let application = parent.flatMap { gtk_window_get_application($0) }
    gtk_window_set_application(window, application)
    return application
  }

  /// Takes `window` off its parent and out of its application (for a window kept hidden for the
  /// next dialog).
  static func detach(_ window: UnsafeMutablePointer<GtkWindow>) {
    gtk_window_set_transient_for(window, nil)
    gtk_window_set_destroy_with_parent(window, 0)
    gtk_window_set_application(window, nil)
  }

  /// The window's CSS classes now.
  static func classes(of window: UnsafeMutablePointer<GtkWindow>) -> [String] {
    guard let list = gtk_widget_get_css_classes(gcast(window)) else { return [] }
    defer { g_strfreev(list) }
    var names: [String] = []
    var index = 0
    while let name = list[index] {
      names.append(String(cString: name))
      index += 1
    }
    return names
  }
}
