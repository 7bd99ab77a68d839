import CGtk
import Foundation
import HelpViewer

/// The main window: a header bar with the primary menu, the notes, and a side pane of tips shown
/// by an embedded HelpViewer `LoadingWebView`.
@MainActor
final class MainWindow {
  let window: UnsafeMutablePointer<GtkWindow>
  let tips: LoadingWebView

  init(app: UnsafeMutablePointer<GtkApplication>) {
    window = gcast(gtk_application_window_new(app)!)
    gtk_window_set_title(window, "AcmeNotes")
    gtk_window_set_default_size(window, 900, 600)

    let header = OpaquePointer(gtk_header_bar_new()!)
    let menu = g_menu_new()!
    g_menu_append(menu, localized("Help"), "app.help")
    g_menu_append(menu, localized("Terms of Service"), "app.terms")
    g_menu_append(menu, localized("About AcmeNotes"), "app.about")
    g_menu_append(menu, localized("Quit"), "app.quit")
    let menuButton = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(OpaquePointer(menuButton), "open-menu-symbolic")
    gtk_menu_button_set_menu_model(OpaquePointer(menuButton), UnsafeMutablePointer(menu))
    gtk_menu_button_set_primary(OpaquePointer(menuButton), 1)
    gtk_widget_set_tooltip_text(menuButton, localized("Main Menu"))
    g_object_unref(UnsafeMutableRawPointer(menu))
    gtk_header_bar_pack_end(header, menuButton)
    gtk_window_set_titlebar(window, UnsafeMutablePointer(header))

    let notes = gtk_text_view_new()!
    gtk_text_view_set_wrap_mode(gcast(notes), GTK_WRAP_WORD_CHAR)
    let scroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(OpaquePointer(scroller), notes)
    gtk_widget_set_hexpand(scroller, 1)

    // The embedded viewer: its widget is an OpaquePointer, which fits this app's own CGtk.
    tips = LoadingWebView(url: Help.page("tips.html"))
    let side = UnsafeMutablePointer<GtkWidget>(tips.widget)
    gtk_widget_set_size_request(side, 280, -1)

    let paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
    gtk_paned_set_start_child(OpaquePointer(paned), scroller)
    gtk_paned_set_end_child(OpaquePointer(paned), side)
    gtk_paned_set_position(OpaquePointer(paned), 600)
    gtk_window_set_child(window, paned)
  }
}
