import CGtk
import HelpViewerCore
import HelpViewerGlue

/// The dialog's header bar: optional back, forward and reload/stop buttons, the page title, and
/// a close button; each button enabled only when it can act.
@MainActor
final class DialogHeader {
  let bar: OpaquePointer
  let backButton: UnsafeMutablePointer<GtkButton>
  let forwardButton: UnsafeMutablePointer<GtkButton>
  let reloadButton: UnsafeMutablePointer<GtkButton>
  let closeButton: UnsafeMutablePointer<GtkButton>
  let titleLabel: OpaquePointer

  init(showsNavigation: Bool) {
    bar = gcast(gtk_header_bar_new()!)
    gtk_header_bar_set_show_title_buttons(bar, 0)
    backButton = Self.iconButton("go-previous-symbolic", tooltip: localized("Back"))
    forwardButton = Self.iconButton("go-next-symbolic", tooltip: localized("Forward"))
    reloadButton = Self.iconButton("view-refresh-symbolic", tooltip: localized("Reload"))
    closeButton = Self.iconButton("window-close-symbolic", tooltip: localized("Close"))
    for button in [backButton, forwardButton, reloadButton] {
      gtk_widget_set_visible(gcast(button), showsNavigation ? 1 : 0)
      gtk_header_bar_pack_start(bar, gcast(button))
    }
    gtk_header_bar_pack_end(bar, gcast(closeButton))

    titleLabel = gcast(gtk_label_new(nil)!)
    gtk_widget_add_css_class(gcast(titleLabel), "title")
    gtk_label_set_ellipsize(titleLabel, PANGO_ELLIPSIZE_END)
    gtk_label_set_single_line_mode(titleLabel, 1)
    gtk_header_bar_set_title_widget(bar, gcast(titleLabel))
  }

  /// Shows `title` and enables the buttons that can act in `state`.
  func render(_ state: LoadState, title: String) {
    gtk_label_set_text(titleLabel, title)
    gtk_widget_set_sensitive(gcast(backButton), state.canGoBack ? 1 : 0)
    gtk_widget_set_sensitive(gcast(forwardButton), state.canGoForward ? 1 : 0)
    let stops = state.isLoading
    gtk_button_set_icon_name(reloadButton, stops ? "process-stop-symbolic" : "view-refresh-symbolic")
    gtk_widget_set_tooltip_text(gcast(reloadButton), stops ? localized("Stop") : localized("Reload"))
    gtk_widget_set_sensitive(gcast(reloadButton), (stops || state.canReload) ? 1 : 0)
  }

  private static func iconButton(_ icon: String, tooltip: String) -> UnsafeMutablePointer<GtkButton> {
    let button: UnsafeMutablePointer<GtkButton> = gcast(gtk_button_new_from_icon_name(icon)!)
    gtk_widget_set_tooltip_text(gcast(button), tooltip)
    return button
  }
}
