import CGtk
import Foundation
import HelpViewer

// AcmeNotes: a GTK 4 app that existed before it adopted HelpViewer. Its Help menu item (F1), its
// Terms of Service (shown on first launch too), its About box and a side pane with its tips all
// come from HelpViewer; its GTK comes from its own `CGtk` module.
//
//   acme-notes               the app
//   acme-notes --self-test   opens help, closes it, shows the terms, accepts them, quits; exit 0
//   acme-notes --language de HelpViewer's own strings (buttons, errors) in German

let selfTest = CommandLine.arguments.contains("--self-test")
if let flag = CommandLine.arguments.firstIndex(of: "--language"), flag + 1 < CommandLine.arguments.count {
  Localization.setLanguages([CommandLine.arguments[flag + 1]])  // Through `import HelpViewer`.
}
let status = MainActor.assumeIsolated { AcmeApp(selfTest: selfTest).run() }
exit(status)
