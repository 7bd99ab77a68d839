import HelpViewerCGtk

/// Renders a realized widget, a whole window with its header bar included, to a PNG file, with
/// no window manager or compositor needed (works under Xvfb).
///
/// ```swift
/// try WidgetSnapshot.savePNG(of: gcast(window), to: "/tmp/dialog.png")
/// ```
public enum WidgetSnapshot {
  /// Why a snapshot could not be saved.
  public enum Failure: Error, CustomStringConvertible {
    case notShown
    case renderFailed
    case writeFailed(String)

    public var description: String {
      switch self {
      case .notShown: return "the widget is not shown (no size or renderer yet)"
      case .renderFailed: return "GTK could not render the widget"
      case .writeFailed(let path): return "could not write \(path)"
      }
    }
  }

  /// Whether `widget` has been laid out on screen, so a snapshot would show it.
  @MainActor
  public static func isReady(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    gtk_widget_get_mapped(widget) != 0 && gtk_widget_get_width(widget) > 0
      && gtk_widget_get_native(widget).flatMap { gtk_native_get_renderer($0) } != nil
  }

  /// Saves what `widget` shows now as a PNG at `path`.
  @MainActor
  public static func savePNG(of widget: UnsafeMutablePointer<GtkWidget>, to path: String) throws {
    guard isReady(widget), let native = gtk_widget_get_native(widget),
      let renderer = gtk_native_get_renderer(native)
    else { throw Failure.notShown }
    let width = Double(gtk_widget_get_width(widget))
    let height = Double(gtk_widget_get_height(widget))
    let paintable = GObjectRef(adoptingNew: gtk_widget_paintable_new(widget))
    let snapshot = gtk_snapshot_new()
    gdk_paintable_snapshot(paintable.opaque, snapshot, width, height)
    guard let node = gtk_snapshot_free_to_node(snapshot) else { throw Failure.renderFailed }
    defer { gsk_render_node_unref(node) }
    guard let texture = gsk_renderer_render_texture(renderer, node, nil) else { throw Failure.renderFailed }
    let owned = GObjectRef(adoptingNew: texture)
    guard gdk_texture_save_to_png(owned.opaque, path) != 0 else { throw Failure.writeFailed(path) }
  }
}
