import Foundation
import HelpViewerCGtk
import HelpViewerDemoContent
import HelpViewerGlue

/// Notebook's Keyboard Shortcuts window (`GtkShortcutsWindow`, built from a GtkBuilder
/// description with the titles translated).
///
/// ```swift
/// ShortcutsWindow.present(over: window)   // Ctrl+?
/// ```
@MainActor
enum ShortcutsWindow {
  /// The shortcuts shown: accelerator and title, by group.
  static var groups: [(title: String, shortcuts: [(accel: String, title: String)])] {
    [
      (
        notebookLocalized("Notes"),
        [("<Control>n", notebookLocalized("New note")), ("<Control>l", notebookLocalized("Open an address"))]
      ),
      (
        notebookLocalized("General"),
        [
          ("F1", notebookLocalized("Help on what has the focus")),
          ("<Control>question", notebookLocalized("Keyboard shortcuts")),
          ("<Control>q", notebookLocalized("Quit")),
        ]
      ),
    ]
  }

  static func present(over parent: UnsafeMutablePointer<GtkWindow>) {
    let builder = gtk_builder_new_from_string(description, -1)!
    defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
    guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
    let window: UnsafeMutablePointer<GtkWindow> = gcast(UnsafeMutableRawPointer(object))
    gtk_window_set_transient_for(window, parent)
    gtk_window_set_modal(window, 1)
    gtk_window_set_destroy_with_parent(window, 1)
    gtk_window_present(window)
  }

  /// The GtkBuilder XML of the window.
  static var description: String {
    var xml = #"<interface><object class="GtkShortcutsWindow" id="shortcuts">"#
    xml += #"<child><object class="GtkShortcutsSection"><property name="section-name">main</property>"#
    for group in groups {
      xml += #"<child><object class="GtkShortcutsGroup"><property name="title">\#(escape(group.title))</property>"#
      for shortcut in group.shortcuts {
        xml += #"<child><object class="GtkShortcutsShortcut">"#
        xml += #"<property name="accelerator">\#(escape(shortcut.accel))</property>"#
        xml += #"<property name="title">\#(escape(shortcut.title))</property></object></child>"#
      }
      xml += "</object></child>"
    }
    return xml + "</object></child></object></interface>"
  }

  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
