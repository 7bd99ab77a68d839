import HelpViewerCGtk
import HelpViewerDemoContent
import HelpViewerGlue

/// Notebook's primary menu (the header bar's `open-menu-symbolic` button), a `GMenu` of the
/// application's actions: notes, then Help, Keyboard Shortcuts, Terms of Service and About,
/// then the developer actions in a submenu of their own.
///
/// ```swift
/// gtk_menu_button_set_menu_model(button, PrimaryMenu.make())
/// ```
@MainActor
enum PrimaryMenu {
  /// A new menu model (the caller's reference).
  static func make() -> UnsafeMutablePointer<GMenuModel> {
    let menu = g_menu_new()!
    let notes = section([
      (notebookLocalized("_New Note"), "app.new-note"),
      (notebookLocalized("_Delete Note"), "app.delete-note"),
    ])
    let help = section([
      (notebookLocalized("_Help"), "app.help"),
      (notebookLocalized("_Keyboard Shortcuts"), "app.shortcuts"),
      (notebookLocalized("_Terms of Service"), "app.terms"),
      (notebookLocalized("_About Notebook"), "app.about"),
    ])
    let developer = section([
      (notebookLocalized("_Broken Link"), "app.broken-link"),
      (notebookLocalized("_Open URL…"), "app.open-url"),
      (notebookLocalized("Help in the _Window"), "app.embedded-help"),
    ])
    let developerSection = g_menu_new()!
    g_menu_append_submenu(developerSection, notebookLocalized("_Developer"), gcast(UnsafeMutableRawPointer(developer)))
    let quit = section([(notebookLocalized("_Quit"), "app.quit")])
    for part in [notes, help, developerSection, quit] {
      g_menu_append_section(menu, nil, gcast(UnsafeMutableRawPointer(part)))
      g_object_unref(UnsafeMutableRawPointer(part))
    }
    g_object_unref(UnsafeMutableRawPointer(developer))
    return gcast(UnsafeMutableRawPointer(menu))
  }

  private static func section(_ items: [(label: String, action: String)]) -> OpaquePointer {
    let section = g_menu_new()!
    for item in items { g_menu_append(section, item.label, item.action) }
    return section
  }
}
