import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue

/// The view shown instead of the page when a load fails: an icon, a title, a message a person
/// understands, expandable technical details, and a Retry button.
@MainActor
final class ErrorView {
  let root: GObjectRef
  let retryButton: UnsafeMutablePointer<GtkButton>
  /// "Technical Details", which shows the error's details when expanded.
  let detailsExpander: UnsafeMutablePointer<GtkWidget>
  private let icon: UnsafeMutablePointer<GtkWidget>
  private let titleLabel: UnsafeMutablePointer<GtkWidget>
  private let messageLabel: UnsafeMutablePointer<GtkWidget>
  private let detailsLabel: UnsafeMutablePointer<GtkWidget>

  init() {
    let box = GObjectRef(adoptingNew: gtk_box_new(GTK_ORIENTATION_VERTICAL, 12))
    root = box
    let widget: UnsafeMutablePointer<GtkWidget> = box.pointer()
    gtk_widget_set_valign(widget, GTK_ALIGN_CENTER)
    gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
    gtk_widget_set_margin_start(widget, 24)
    gtk_widget_set_margin_end(widget, 24)
    gtk_widget_add_css_class(widget, "help-viewer-error")
    // An alert: screen readers announce the error when the view appears.
    widget.setAccessibleRole(GTK_ACCESSIBLE_ROLE_ALERT)

    icon = gtk_image_new_from_icon_name("dialog-error-symbolic")
    gtk_image_set_pixel_size(gcast(icon), 64)
    gtk_widget_add_css_class(icon, "dim-label")

    titleLabel = gtk_label_new(nil)
    gtk_widget_add_css_class(titleLabel, "help-viewer-error-title")
    gtk_label_set_wrap(gcast(titleLabel), 1)
    gtk_label_set_justify(gcast(titleLabel), GTK_JUSTIFY_CENTER)

    messageLabel = gtk_label_new(nil)
    gtk_label_set_wrap(gcast(messageLabel), 1)
    gtk_label_set_justify(gcast(messageLabel), GTK_JUSTIFY_CENTER)
    gtk_label_set_max_width_chars(gcast(messageLabel), 50)

    detailsLabel = gtk_label_new(nil)
    gtk_label_set_wrap(gcast(detailsLabel), 1)
    gtk_label_set_selectable(gcast(detailsLabel), 1)
    gtk_label_set_max_width_chars(gcast(detailsLabel), 60)
    gtk_widget_add_css_class(detailsLabel, "dim-label")
    let expander: UnsafeMutablePointer<GtkWidget> = gtk_expander_new(localized("Technical Details"))
    detailsExpander = expander
    gtk_expander_set_child(gcast(expander), detailsLabel)
    gtk_widget_set_halign(expander, GTK_ALIGN_CENTER)

    retryButton = mnemonicButton(localized("_Retry"))
    gtk_widget_add_css_class(gcast(retryButton), "suggested-action")
    gtk_widget_add_css_class(gcast(retryButton), "pill")
    gtk_widget_set_halign(gcast(retryButton), GTK_ALIGN_CENTER)
    gtk_widget_set_tooltip_text(gcast(retryButton), localized("Load the page again"))

    for child in [icon, titleLabel, messageLabel, gcast(retryButton), expander] {
      gtk_box_append(gcast(widget), child)
    }
  }

  /// Shows `error`'s title, message and details.
  func show(_ error: LoadError) {
    gtk_image_set_from_icon_name(gcast(icon), iconName(for: error.kind))
    gtk_label_set_text(gcast(titleLabel), error.title)
    gtk_label_set_text(gcast(messageLabel), error.message)
    gtk_widget_set_visible(gcast(retryButton), error.isRetryable ? 1 : 0)  // No Retry that cannot help.
    var details = [error.url.map { "Address: \($0)" }, error.details].compactMap { $0 }
    details.insert("Kind: \(error.kind.rawValue)", at: 0)
    gtk_label_set_text(gcast(detailsLabel), details.joined(separator: "\n"))
    root.widget.setAccessibleLabel(error.title)
    root.widget.setAccessibleDescription(error.message)
  }

  /// The title and message shown now (for tests and accessibility).
  var shownText: (title: String, message: String) {
    (
      gtk_label_get_text(gcast(titleLabel)).map { String(cString: $0) } ?? "",
      gtk_label_get_text(gcast(messageLabel)).map { String(cString: $0) } ?? ""
    )
  }

  private func iconName(for kind: LoadError.Kind) -> String {
    switch kind {
    case .hostNotFound, .cannotConnect, .timedOut: return "network-offline-symbolic"
    case .tlsFailure, .blockedPort, .blockedByPolicy: return "security-low-symbolic"
    case .httpError, .invalidURL, .unsupportedScheme, .helpNotFound, .pageNotFound: return "dialog-question-symbolic"
    default: return "dialog-error-symbolic"
    }
  }
}
