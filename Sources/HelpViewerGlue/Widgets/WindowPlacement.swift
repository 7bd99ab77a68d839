import HelpViewerCGtk
import HelpViewerCShim

/// Where a window is on the screen, for what GTK 4 cannot say itself: under X11, a sheet whose
/// parent the window manager moved is moved back within it (`hv_x11_keep_within`). Elsewhere
/// (Wayland) the compositor places dialogs, and nothing is done.
///
/// ```swift
/// WindowPlacement.keep(sheet, within: parent, width: 720, height: 640)
/// ```
@MainActor
public enum WindowPlacement {
  /// Moves `window` (`width` × `height`, as it will be laid out) to the middle of `parent` when
  /// it does not lie within it; returns whether it moved it.
  @discardableResult
  public static func keep(
    _ window: UnsafeMutablePointer<GtkWindow>, within parent: UnsafeMutablePointer<GtkWindow>, width: Int,
    height: Int
  ) -> Bool {
    guard gtk_widget_get_mapped(gcast(window)) != 0, gtk_widget_get_mapped(gcast(parent)) != 0 else { return false }
    return hv_x11_keep_within(window, parent, Int32(width), Int32(height)) != 0
  }
}
