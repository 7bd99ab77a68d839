import HelpViewerCGtk

/// A GTK overlay (`GtkOverlay`): a main child with widgets drawn over it, each placed by its
/// own alignment.
///
/// ```swift
/// let overlay = Overlay(child: stack)
/// overlay.addOverlay(spinner)   // centred over the page
/// ```
@MainActor
public final class Overlay: Widget {
  /// An overlay over `child`.
  public init(child: Widget) {
    super.init(adoptingNew: gtk_overlay_new())
    gtk_overlay_set_child(overlay, child.widget)
  }

  private var overlay: OpaquePointer { OpaquePointer(raw) }

  /// Draws `child` over the main child (and over those added before).
  public func addOverlay(_ child: Widget) { gtk_overlay_add_overlay(overlay, child.widget) }
}
