import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue

/// The find-in-page bar over the top of the page: a search entry, previous and next buttons,
/// the match count ("3 matches", "No results") and a close button.
///
/// It only shows `FindState`; `LoadingWebView+Find` does the searching.
@MainActor
final class FindBar {
  let root: GObjectRef
  /// The `GtkSearchEntry`.
  let entry: OpaquePointer
  let previousButton: UnsafeMutablePointer<GtkButton>
  let nextButton: UnsafeMutablePointer<GtkButton>
  let closeButton: UnsafeMutablePointer<GtkButton>
  let countLabel: OpaquePointer
  /// Whether WebKit has a search going (highlights shown); `search_finish` ends it.
  var searchActive = false
  /// The texts of `count_matches` calls whose `counted-matches` has not arrived yet, in order.
  var pendingCounts: [String] = []

  init() {
    root = GObjectRef(adoptingNew: gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6))
    let box = root.widget
    gtk_widget_add_css_class(box, "help-viewer-find")
    gtk_widget_set_halign(box, GTK_ALIGN_END)
    gtk_widget_set_valign(box, GTK_ALIGN_START)

    entry = gcast(gtk_search_entry_new()!)
    gtk_search_entry_set_search_delay(entry, 100)
    // Narrow dialogs (300 px) still fit the whole bar; wide ones give the entry room.
    gtk_editable_set_width_chars(entry, 6)
    gtk_editable_set_max_width_chars(entry, 22)
    gtk_widget_set_hexpand(gcast(entry), 1)
    UnsafeMutablePointer<GtkWidget>(gcast(entry)).setAccessibleLabel(localized("Find in page"))
    gtk_widget_set_tooltip_text(gcast(entry), localized("Find in page"))

    countLabel = gcast(gtk_label_new(nil)!)
    gtk_widget_add_css_class(gcast(countLabel), "dim-label")
    gtk_label_set_ellipsize(countLabel, PANGO_ELLIPSIZE_END)
    gtk_label_set_max_width_chars(countLabel, 12)
    gtk_label_set_xalign(countLabel, 0)

    previousButton = Self.iconButton("go-up-symbolic", tooltip: localized("Previous match (Shift+Enter)"))
    nextButton = Self.iconButton("go-down-symbolic", tooltip: localized("Next match (Enter)"))
    closeButton = Self.iconButton("window-close-symbolic", tooltip: localized("Close the find bar (Esc)"))
    gtk_widget_add_css_class(gcast(closeButton), "flat")

    let navigation: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
    gtk_widget_add_css_class(navigation, "linked")
    gtk_box_append(gcast(navigation), gcast(previousButton))
    gtk_box_append(gcast(navigation), gcast(nextButton))

    gtk_box_append(gcast(box), gcast(entry))
    gtk_box_append(gcast(box), navigation)
    gtk_box_append(gcast(box), gcast(countLabel))
    gtk_box_append(gcast(box), gcast(closeButton))
    gtk_widget_set_visible(box, 0)
  }

  /// Shows `state`: visible or not, the count, and the entry marked when nothing matches.
  func render(_ state: FindState) {
    gtk_widget_set_visible(root.widget, state.isShown ? 1 : 0)
    gtk_label_set_text(countLabel, state.summary)
    if state.noResults {
      gtk_widget_add_css_class(gcast(entry), "error")
    } else {
      gtk_widget_remove_css_class(gcast(entry), "error")
    }
    let canStep = !state.text.isEmpty && !state.noResults
    gtk_widget_set_sensitive(gcast(previousButton), canStep ? 1 : 0)
    gtk_widget_set_sensitive(gcast(nextButton), canStep ? 1 : 0)
  }

  /// The entry's text.
  var text: String {
    gtk_editable_get_text(entry).map { String(cString: $0) } ?? ""
  }

  /// The count label's text (for tests and accessibility).
  var summary: String { gtk_label_get_text(countLabel).map { String(cString: $0) } ?? "" }

  private static func iconButton(_ icon: String, tooltip: String) -> UnsafeMutablePointer<GtkButton> {
    let button: UnsafeMutablePointer<GtkButton> = gcast(gtk_button_new_from_icon_name(icon)!)
    gtk_widget_set_tooltip_text(gcast(button), tooltip)
    UnsafeMutablePointer<GtkWidget>(gcast(button)).setAccessibleLabel(tooltip)
    return button
  }
}
