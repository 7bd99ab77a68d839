import Foundation
import HelpViewer
import HelpViewerCGtk
import HelpViewerDemoContent
import HelpViewerGlue

/// The application's actions, as the primary menu and the shortcuts reach them.
///
/// ```swift
/// g_action_group_activate_action(gcast(UnsafeMutableRawPointer(notebook.application)), "help", nil)  // F1
/// ```
extension NotebookApp {
  /// Each action's name, its shortcuts, and what it does.
  private var actions: [(name: String, accels: [String], run: @MainActor (NotebookApp) -> Void)] {
    [
      ("help", ["F1"], { $0.showContextHelp() }),
      ("shortcuts", ["<Control>question"], { ShortcutsWindow.present(over: $0.window.window) }),
      ("terms", [], { $0.window.showTerms() }),
      ("about", [], { AboutNotebook.present(over: $0.window.window) }),
      ("new-note", ["<Control>n"], { $0.window.notes.newNote() }),
      ("delete-note", [], { $0.window.notes.deleteSelected() }),
      ("broken-link", [], { $0.window.showBrokenLink() }),
      ("open-url", ["<Control>l"], { $0.window.promptForAddress() }),
      ("embedded-help", [], { $0.window.show(.help, embedded: true) }),
      ("quit", ["<Control>q"], { gtk_window_destroy($0.window.window) }),
    ]
  }

  func installActions() {
    let map: OpaquePointer = gcast(UnsafeMutableRawPointer(application))
    for action in actions {
      let simple = g_simple_action_new(action.name, nil)!
      let run = action.run
      signals += connectActivate(simple) { [weak self] in
        if let self { run(self) }
      }
      g_action_map_add_action(map, gcast(UnsafeMutableRawPointer(simple)))
      g_object_unref(UnsafeMutableRawPointer(simple))
      setAccels(action.accels, for: "app.\(action.name)")
    }
  }

  /// F1: the help at the topic of the focused widget (`HelpTopics`), one help at a time.
  func showContextHelp() {
    guard let book else {
      window.show(.help)
      return
    }
    window.present(contextHelp: HelpDialog.presentContextHelp(in: book, over: window.window, controls: .all))
  }

  private func setAccels(_ accels: [String], for action: String) {
    let strings = accels.map { strdup($0) }
    defer { for string in strings { free(string) } }
    var pointers: [UnsafePointer<CChar>?] = strings.map { $0.map { UnsafePointer($0) } }
    pointers.append(nil)
    pointers.withUnsafeBufferPointer { gtk_application_set_accels_for_action(application, action, $0.baseAddress) }
  }
}
