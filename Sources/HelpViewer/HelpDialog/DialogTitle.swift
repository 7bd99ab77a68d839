import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue

/// The header bar's title: the page title (ellipsized), and under it, smaller and dim, the
/// page's host with a lock for HTTPS (an open lock for plain HTTP). Bundled pages and files
/// have no host line. It holds a reference to every widget it draws into, so drawing after the
/// dialog's window is gone writes into live widgets.
@MainActor
final class DialogTitle {
  let box: UnsafeMutablePointer<GtkWidget>
  let titleLabel: OpaquePointer
  let hostLabel: OpaquePointer
  let lockIcon: UnsafeMutablePointer<GtkWidget>
  private let hostRow: UnsafeMutablePointer<GtkWidget>
  /// The references that keep the widgets above alive as long as the title.
  private let owned: [GObjectRef]

  init() {
    var owned: [GObjectRef] = []
    /// Holds `widget` (a new, floating one) for the title's lifetime.
    func own(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
      owned.append(GObjectRef(adoptingNonNil: UnsafeMutableRawPointer(widget)))
      return widget
    }
    box = own(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
    gtk_widget_set_valign(box, GTK_ALIGN_CENTER)

    titleLabel = gcast(own(gtk_label_new(nil)!))
    gtk_widget_add_css_class(gcast(titleLabel), "title")
    gtk_label_set_ellipsize(titleLabel, PANGO_ELLIPSIZE_END)
    gtk_label_set_single_line_mode(titleLabel, 1)
    gtk_label_set_width_chars(titleLabel, 5)

    hostRow = own(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4))
    gtk_widget_set_halign(hostRow, GTK_ALIGN_CENTER)
    lockIcon = own(gtk_image_new_from_icon_name("channel-secure-symbolic"))
    gtk_widget_add_css_class(lockIcon, "dim-label")
    hostLabel = gcast(own(gtk_label_new(nil)!))
    gtk_widget_add_css_class(gcast(hostLabel), "subtitle")
    gtk_label_set_ellipsize(hostLabel, PANGO_ELLIPSIZE_MIDDLE)
    gtk_label_set_single_line_mode(hostLabel, 1)
    gtk_box_append(gcast(hostRow), lockIcon)
    gtk_box_append(gcast(hostRow), gcast(hostLabel))

    gtk_box_append(gcast(box), gcast(titleLabel))
    gtk_box_append(gcast(box), hostRow)
    self.owned = owned
    render(title: "", origin: PageOrigin(address: nil))
  }

  /// Shows `title`, and `origin`'s host with its lock (or no host line).
  func render(title: String, origin: PageOrigin) {
    gtk_label_set_text(titleLabel, title)
    gtk_widget_set_visible(hostRow, origin.host == nil ? 0 : 1)
    gtk_label_set_text(hostLabel, origin.host ?? "")
    let (icon, meaning): (String, String) =
      switch origin.security {
      case .encrypted: ("channel-secure-symbolic", localized("Secure connection"))
      case .unencrypted: ("channel-insecure-symbolic", localized("Connection is not secure"))
      case .local: ("channel-secure-symbolic", "")
      }
    gtk_image_set_from_icon_name(gcast(lockIcon), icon)
    gtk_widget_set_tooltip_text(lockIcon, meaning)
    lockIcon.setAccessibleLabel(meaning)
    gtk_widget_set_visible(lockIcon, origin.security == .local ? 0 : 1)
  }

  /// The host line shown now, `nil` when hidden (for tests).
  /// The title shown.
  var text: String { gtk_label_get_text(titleLabel).map { String(cString: $0) } ?? "" }

  var shownHost: String? {
    guard gtk_widget_get_visible(hostRow) != 0 else { return nil }
    return gtk_label_get_text(hostLabel).map { String(cString: $0) }
  }
}
