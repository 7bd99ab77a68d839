import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue

/// Whether a web view has the page's pixels to draw: renders what the widget would draw now and
/// looks for dark, opaque pixels (the benchmark page's black text on white).
@MainActor
enum ContentProbe {
  static func showsContent(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
    guard WidgetSnapshot.isReady(widget), let native = gtk_widget_get_native(widget),
      let renderer = gtk_native_get_renderer(native)
    else { return false }
    let width = gtk_widget_get_width(widget)
    let height = gtk_widget_get_height(widget)
    let paintable = GObjectRef(adoptingNew: gtk_widget_paintable_new(widget))
    let snapshot = gtk_snapshot_new()
    gdk_paintable_snapshot(paintable.opaque, snapshot, Double(width), Double(height))
    guard let node = gtk_snapshot_free_to_node(snapshot) else { return false }
    defer { gsk_render_node_unref(node) }
    guard let texture = gsk_renderer_render_texture(renderer, node, nil) else { return false }
    let owned = GObjectRef(adoptingNew: texture)
    let textureWidth = Int(gdk_texture_get_width(owned.opaque))
    let textureHeight = Int(gdk_texture_get_height(owned.opaque))
    let stride = textureWidth * 4
    var pixels = [UInt8](repeating: 0, count: stride * textureHeight)
    pixels.withUnsafeMutableBufferPointer { gdk_texture_download(owned.opaque, $0.baseAddress, gsize(stride)) }
    // Cairo ARGB32, little-endian: B, G, R, A.
    var dark = 0
    var index = 0
    while index < pixels.count {
      if pixels[index + 3] == 255 && pixels[index] < 90 && pixels[index + 1] < 90 && pixels[index + 2] < 90 {
        dark += 1
        if dark > 50 { return true }
      }
      index += 4
    }
    return false
  }
}
