/// Whether a viewer shows its page as text by itself for a screen reader: only where GTK
/// cannot expose the page itself. GTK takes in WebKit's accessibility tree through
/// `GtkAtSpiSocket`, new in GTK 4.14; before, a web view is a leaf a screen reader reads as
/// nothing.
///
/// ```swift
/// TextViewChoice.showsText(screenReader: true, gtk: (4, 8))    // true
/// TextViewChoice.showsText(screenReader: true, gtk: (4, 14))   // false: WebKit's own tree
/// ```
public enum TextViewChoice {
  /// The first GTK version that exposes a web page's own accessibility tree.
  public static let firstExposingVersion = (major: 4, minor: 14)

  /// Whether GTK `gtk` exposes a web page's own tree.
  public static func exposesPages(gtk: (major: Int, minor: Int)) -> Bool {
    (gtk.major, gtk.minor) >= firstExposingVersion
  }

  /// Whether the text view is on by itself: a screen reader runs, and GTK cannot expose pages.
  public static func showsText(screenReader: Bool, gtk: (major: Int, minor: Int)) -> Bool {
    screenReader && !exposesPages(gtk: gtk)
  }
}
