import HelpViewerCGtk

/// A GTK expander (`GtkExpander`): a title that shows or hides the widget under it when
/// activated.
///
/// ```swift
/// let details = Expander(localized("Technical Details"), child: detailsLabel)
/// ```
@MainActor
public final class Expander: Widget {
  /// An expander titled `title`, folded, over `child` (which stays owned by its own wrapper).
  public init(_ title: String, child: Widget) {
    super.init(adoptingNew: gtk_expander_new(title))
    gtk_expander_set_child(expander, child.widget)
  }

  private var expander: OpaquePointer { OpaquePointer(raw) }

  /// Whether the child shows.
  public var isExpanded: Bool {
    get { gtk_expander_get_expanded(expander) != 0 }
    set { gtk_expander_set_expanded(expander, newValue ? 1 : 0) }
  }
}
