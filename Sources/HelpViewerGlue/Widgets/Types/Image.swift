import HelpViewerCGtk

/// A GTK image showing a themed icon (`GtkImage`).
///
/// ```swift
/// let icon = Image(iconName: "dialog-error-symbolic", pixelSize: 64)
/// icon.iconName = "network-offline-symbolic"
/// ```
@MainActor
public final class Image: Widget {
  /// An image of the icon `iconName`, `pixelSize` pixels square (-1: the icon's own size).
  public init(iconName: String, pixelSize: Int = -1) {
    super.init(adoptingNew: gtk_image_new_from_icon_name(iconName))
    if pixelSize >= 0 { self.pixelSize = pixelSize }
  }

  private var image: OpaquePointer { OpaquePointer(raw) }

  /// The icon shown.
  public var iconName: String? {
    get { gtk_image_get_icon_name(image).map { String(cString: $0) } }
    set { gtk_image_set_from_icon_name(image, newValue) }
  }

  /// The icon's size in pixels, or -1 for its own size.
  public var pixelSize: Int {
    get { Int(gtk_image_get_pixel_size(image)) }
    set { gtk_image_set_pixel_size(image, Int32(clamping: newValue)) }
  }
}
