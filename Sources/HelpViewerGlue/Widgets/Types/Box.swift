import HelpViewerCGtk

/// A GTK box: its children in a row or a column (`GtkBox`).
///
/// ```swift
/// let row = Box(.horizontal, spacing: 12)
/// row.append(label)
/// row.append(button)
/// ```
@MainActor
public final class Box: Widget {
  /// A new, empty box. A `role` is set before the box is shown, as GTK 4.8 requires.
  public init(_ orientation: Orientation, spacing: Int = 0, role: AccessibleRole? = nil) {
    super.init(adoptingNew: gtk_box_new(orientation.gtk, Int32(clamping: spacing)))
    if let role { setAccessibleRole(role) }
  }

  /// Adds `child` after the others.
  public func append(_ child: Widget) { gtk_box_append(gcast(raw), child.widget) }

  /// Adds `child` before the others.
  public func prepend(_ child: Widget) { gtk_box_prepend(gcast(raw), child.widget) }

  /// Takes `child` out of the box (its wrapper keeps it alive).
  public func remove(_ child: Widget) { gtk_box_remove(gcast(raw), child.widget) }
}

/// Whether a box lays its children out in a row or a column.
public enum Orientation: Sendable, Equatable {
  /// In a row.
  case horizontal
  /// In a column.
  case vertical

  var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}
