import CGtk
import Foundation
import HelpViewer

/// The application: its actions (`app.help` on F1, `app.terms`, `app.about`, `app.quit` on
/// Ctrl+Q), its main window, and the terms on first launch.
@MainActor
final class AcmeApp {
  let app: UnsafeMutablePointer<GtkApplication>
  private(set) var window: MainWindow?
  private(set) var helpDialog: HelpDialog?
  private(set) var termsDialog: TermsDialog?
  let terms = TermsRecord()
  private let selfTest: Bool
  private var testStatus: Int32 = 0

  init(selfTest: Bool) {
    self.selfTest = selfTest
    // Swift concurrency under GTK's main loop: the task `activate` starts runs from the start.
    HelpViewerEngine.integrateMainLoop()
    // NON_UNIQUE: a second AcmeNotes (or a test run) does not hand over to the first.
    app = gtk_application_new("org.example.AcmeNotes", G_APPLICATION_NON_UNIQUE)
    Help.registerPages()
    addAction("help", accelerators: ["F1"]) { [unowned self] in showHelp() }
    addAction("terms") { [unowned self] in Task { await self.showTerms() } }
    addAction("about") { [unowned self] in showAbout() }
    addAction("quit", accelerators: ["<Control>q"]) { [unowned self] in quit() }
    Signals.connect(app, "activate") { [unowned self] in activate() }
  }

  /// Runs the application until it quits; returns its exit status.
  func run() -> Int32 {
    let status = g_application_run(gcast(app), 0, nil)
    g_object_unref(app)
    return selfTest ? testStatus : status
  }

  private func activate() {
    if let window {
      gtk_window_present(window.window)
      return
    }
    let window = MainWindow(app: app)
    self.window = window
    gtk_window_present(window.window)
    // The terms on first launch, from a task started here.
    Task {
      if !terms.isAccepted { await showTerms() }
    }
    if selfTest { Task { testStatus = await SelfTest(self).run() } }
  }

  /// Shows the help over the main window (F1); help that is open already comes to the front
  /// (a dialog's `window` is `nil` once it closed).
  func showHelp() {
    if let open = helpDialog?.window {
      gtk_window_present(UnsafeMutablePointer<GtkWindow>(open))
      return
    }
    helpDialog = HelpDialog.present(Help.page("index.html"), title: localized("AcmeNotes Help"), over: window?.window)
  }

  /// Shows the terms and records an acceptance.
  func showTerms() async {
    guard termsDialog == nil else { return }
    let dialog = TermsDialog(Help.page("terms.html"), over: window?.window)
    termsDialog = dialog
    dialog.present()
    let decision = await dialog.waitForDecision()
    termsDialog = nil
    switch decision {
    case .accepted(let receipt): terms.save(receipt)
    case .declined: quit()
    case .dismissed: break  // asked again on the next launch
    }
  }

  func quit() {
    g_application_quit(gcast(app))
  }

  private func showAbout() {
    let about = gtk_about_dialog_new()!
    let dialog = OpaquePointer(about)
    gtk_about_dialog_set_program_name(dialog, "AcmeNotes")
    gtk_about_dialog_set_comments(dialog, localized("Short notes, kept as you type."))
    gtk_about_dialog_set_version(dialog, "1.0")
    let aboutWindow: UnsafeMutablePointer<GtkWindow> = gcast(about)
    if let window { gtk_window_set_transient_for(aboutWindow, window.window) }
    gtk_window_set_modal(aboutWindow, 1)
    gtk_window_present(aboutWindow)
  }

  private func addAction(_ name: String, accelerators: [String] = [], _ body: @escaping @MainActor () -> Void) {
    let action = g_simple_action_new(name, nil)!
    Signals.connectWithArgument(UnsafeMutableRawPointer(action), "activate", body)
    g_action_map_add_action(OpaquePointer(app), action)
    g_object_unref(UnsafeMutableRawPointer(action))
    guard !accelerators.isEmpty else { return }
    var strings = accelerators.map { strdup($0) } + [nil]
    strings.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
        gtk_application_set_accels_for_action(app, "app.\(name)", $0)
      }
    }
    for string in strings { free(string) }
  }
}

/// A C pointer as another GObject type's pointer (the app's `GTK_WINDOW()` and friends).
func gcast<T, U>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<U> {
  UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: U.self)
}
