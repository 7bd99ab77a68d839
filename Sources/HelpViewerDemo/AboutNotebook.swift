import HelpViewerCGtk
import HelpViewerDemoContent
import HelpViewerGlue

/// Notebook's About window (`GtkAboutDialog`).
///
/// ```swift
/// AboutNotebook.present(over: window)
/// ```
@MainActor
enum AboutNotebook {
  static func present(over parent: UnsafeMutablePointer<GtkWindow>) {
    let about: OpaquePointer = gcast(gtk_about_dialog_new()!)
    gtk_about_dialog_set_program_name(about, notebookLocalized("Notebook"))
    gtk_about_dialog_set_logo_icon_name(about, "accessories-text-editor")
    gtk_about_dialog_set_comments(
      about, notebookLocalized("Notebook keeps your notes. Its help and terms are shown with HelpViewer."))
    gtk_about_dialog_set_license_type(about, GTK_LICENSE_MIT_X11)
    let window: UnsafeMutablePointer<GtkWindow> = gcast(UnsafeMutableRawPointer(about))
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_modal(window, 1)
    gtk_window_set_destroy_with_parent(window, 1)
    gtk_window_present(window)
  }
}
