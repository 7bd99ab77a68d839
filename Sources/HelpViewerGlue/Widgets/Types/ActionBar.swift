import HelpViewerCGtk

/// A GTK action bar (`GtkActionBar`): a row along a dialog's foot, with widgets packed at its
/// start and its end.
///
/// ```swift
/// let bar = ActionBar()
/// bar.packStart(hint)
/// bar.packEnd(acceptButton)
/// ```
@MainActor
public final class ActionBar: Widget {
  /// A new, empty action bar.
  public init() {
    super.init(adoptingNew: gtk_action_bar_new())
  }

  private var bar: OpaquePointer { OpaquePointer(raw) }

  /// Adds `child` at the bar's start, after those already there.
  public func packStart(_ child: Widget) { gtk_action_bar_pack_start(bar, child.widget) }

  /// Adds `child` at the bar's end, before (further from the end than) those already there.
  public func packEnd(_ child: Widget) { gtk_action_bar_pack_end(bar, child.widget) }
}
