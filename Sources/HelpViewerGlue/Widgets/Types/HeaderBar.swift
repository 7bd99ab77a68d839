import HelpViewerCGtk

/// A GTK header bar (`GtkHeaderBar`): a window's title bar, with widgets packed at its start and
/// its end and a title widget in its middle.
///
/// ```swift
/// let bar = HeaderBar(showsWindowButtons: false)
/// bar.packStart(backButton)
/// bar.packEnd(closeButton)
/// bar.titleWidget = title
/// ```
@MainActor
public final class HeaderBar: Widget {
  /// A new, empty header bar; with `showsWindowButtons`, it also shows the window manager's
  /// buttons (close, maximize) as the desktop sets them.
  public init(showsWindowButtons: Bool) {
    super.init(adoptingNew: gtk_header_bar_new())
    gtk_header_bar_set_show_title_buttons(bar, showsWindowButtons ? 1 : 0)
  }

  private var bar: OpaquePointer { OpaquePointer(raw) }

  /// Adds `child` at the bar's start, after those already there.
  public func packStart(_ child: Widget) { gtk_header_bar_pack_start(bar, child.widget) }

  /// Adds `child` at the bar's end, before (further from the end than) those already there.
  public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(bar, child.widget) }

  /// Takes `child` out of the bar, if it is in it (its wrapper keeps it alive).
  public func remove(_ child: Widget) {
    guard gtk_widget_get_parent(child.widget) != nil, gtk_widget_is_ancestor(child.widget, widget) != 0 else { return }
    gtk_header_bar_remove(bar, child.widget)
  }

  /// Sets the widget shown in the bar's middle, in place of the window's title.
  public func setTitleWidget(_ title: Widget) { gtk_header_bar_set_title_widget(bar, title.widget) }
}
