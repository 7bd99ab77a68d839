import Foundation
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue

/// The note over the page when the bundled offline copy is shown instead of the page asked for,
/// with a Retry button that tries the real page again.
@MainActor
final class OfflineBanner {
  let root: GObjectRef
  let retryButton: UnsafeMutablePointer<GtkButton>
  private let label: OpaquePointer

  init() {
    root = GObjectRef(adoptingNew: gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12))
    let box = root.widget
    gtk_widget_add_css_class(box, "help-viewer-offline")
    gtk_widget_set_valign(box, GTK_ALIGN_START)
    label = gcast(gtk_label_new(nil)!)
    gtk_label_set_wrap(label, 1)
    gtk_label_set_xalign(label, 0)
    gtk_widget_set_hexpand(gcast(label), 1)
    retryButton = mnemonicButton(localized("_Retry"))
    gtk_widget_set_tooltip_text(gcast(retryButton), localized("Try the online page again"))
    gtk_box_append(gcast(box), gcast(label))
    gtk_box_append(gcast(box), gcast(retryButton))
    gtk_widget_set_visible(box, 0)
  }

  func render(_ state: LoadState) {
    if let reason = state.offlineReason {
      // TRANSLATORS: %1$@ is the error's title, %2$@ its message.
      let note = localized("Showing the offline copy saved with the app. %1$@: %2$@")
      gtk_label_set_text(label, String(format: note, reason.title, reason.message))
    }
    gtk_widget_set_visible(root.widget, state.isOfflineCopy ? 1 : 0)
  }

  /// The note's text (for tests and accessibility).
  var text: String { gtk_label_get_text(label).map { String(cString: $0) } ?? "" }
}
