import Foundation
import HelpViewerCGtk
import HelpViewerDemoContent
import HelpViewerGlue
import XCTest

@testable import HelpViewer
@testable import HelpViewerDemo

/// The demo as the app a person uses (issue 20.1): Notebook, a `GtkApplication` whose notes
/// persist in the XDG data folder, whose terms are asked for on first launch with the receipt
/// kept in the XDG config folder, and whose F1 opens help at the focused widget's topic. Real
/// GTK, real keys (xdotool), temporary XDG folders: never the real home.
final class NotebookAppTests: GtkTestCase {
  nonisolated(unsafe) private static var apps = 0

  /// A Notebook of its own (application ID, notes file, receipt file), its window shown.
  @MainActor
  private static func makeNotebook(notes: URL?, receipt: URL? = nil) throws -> NotebookApp {
    Self.apps += 1
    let notebook = NotebookApp(
      id: "org.helpviewer.NotebookTest.p\(getpid())n\(Self.apps)", pages: try NotebookContent.locate(),
      store: NoteStore(file: notes), receiptFile: receipt.map(TermsReceiptFile.init(url:)))
    notebook.window.present()
    waitUntil("the window is shown") { gtk_widget_get_mapped(gcast(notebook.window.window)) != 0 }
    return notebook
  }

  private func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
  }

  func testANoteTypedIsListedAndPersistsAcrossARestart() throws {
    let data = try temporaryFolder()
    let notes = XDGFolders(environment: ["XDG_DATA_HOME": data.path, "HOME": "/nonexistent"]).notes
    XCTAssertEqual(notes.path, data.path + "/notebook/notes.json")
    try onMain {
      let first = try Self.makeNotebook(notes: notes)
      let panel = first.window.notes
      XCTAssertEqual(panel.listedTitles, [], "a first start has no notes")
      XCTAssertEqual(gtk_widget_get_sensitive(panel.editor), 0, "nothing to edit yet")
      // Ctrl+N, the app's new-note shortcut, then typing into the editor it focuses.
      try pressKeys("ctrl+n", in: first.window.window)
      waitUntil("a new note is listed") { panel.listedTitles == ["Untitled Note"] }
      waitUntil("the editor has the focus") { gtk_widget_has_focus(panel.editor) != 0 }
      let buffer = gtk_text_view_get_buffer(gcast(panel.editor))
      gtk_text_buffer_insert_interactive_at_cursor(buffer, "Shopping\nmilk, bread", -1, 1)
      XCTAssertEqual(panel.listedTitles, ["Shopping"], "the first line is the title")
      try pressKeys("ctrl+n", in: first.window.window)
      waitUntil("a second note on top") { panel.listedTitles == ["Untitled Note", "Shopping"] }
      gtk_text_buffer_insert_interactive_at_cursor(buffer, "Ideas", -1, 1)
      XCTAssertEqual(panel.listedTitles, ["Ideas", "Shopping"])
      gtk_window_destroy(first.window.window)

      // The next start reads them back, newest first, the first selected.
      let second = try Self.makeNotebook(notes: notes)
      XCTAssertEqual(second.window.notes.listedTitles, ["Ideas", "Shopping"])
      XCTAssertEqual(second.window.notes.store.notes.map(\.text), ["Ideas", "Shopping\nmilk, bread"])
      XCTAssertEqual(gtk_widget_get_sensitive(second.window.notes.editor), 1)
      second.window.notes.deleteSelected()
      XCTAssertEqual(second.window.notes.listedTitles, ["Shopping"])
      gtk_window_destroy(second.window.window)
      XCTAssertEqual(NoteStore(file: notes).notes.map(\.title), ["Shopping"], "deleting saved too")
    }
  }

  func testInMemoryNotesWriteNothing() throws {
    try onMain {
      let notebook = try Self.makeNotebook(notes: nil)
      notebook.window.notes.newNote()
      XCTAssertEqual(notebook.window.notes.listedTitles, ["Untitled Note"])
      XCTAssertNil(notebook.window.notes.store.file)
      gtk_window_destroy(notebook.window.window)
    }
    XCTAssertEqual(try DemoOptions.parse(["--in-memory"]).inMemory, true)
    let automated = try DemoOptions.parse(["--show", "help", "--report"])
    XCTAssertNil(automated.notesFile(in: XDGFolders()), "automated runs keep notes in memory")
    XCTAssertNil(try DemoOptions.parse(["--in-memory"]).receiptFile(in: XDGFolders()))
    XCTAssertEqual(try DemoOptions.parse(["--forget-terms"]).forgetTerms, true)
  }

  /// The real binary with temporary XDG folders: a `--report` run writes no notes and is not
  /// held up by the first-launch terms, even with `--forget-terms`, which removes a kept receipt.
  func testAnAutomatedRunWritesNothingAndIsNotAskedForTheTerms() throws {
    let home = try temporaryFolder()
    let data = home.appendingPathComponent("data")
    let config = home.appendingPathComponent("config")
    let environment = childEnvironment([
      "HOME": home.path, "XDG_DATA_HOME": data.path, "XDG_CONFIG_HOME": config.path,
    ])
    try onMain {
      let result = try runProgram(demoBinary, ["--show", "help", "--report"], environment: environment)
      XCTAssertEqual(result.status, 0, result.output)
      XCTAssertTrue(result.output.contains(#""phase":"loaded""#), result.output)
      XCTAssertFalse(result.output.contains(#""decision""#), "no terms asked: \(result.output)")
      let notes = XDGFolders(environment: ["XDG_DATA_HOME": data.path]).notes
      XCTAssertFalse(FileManager.default.fileExists(atPath: notes.deletingLastPathComponent().path), "no notes written")
      let receipt = XDGFolders(environment: ["XDG_CONFIG_HOME": config.path]).termsReceipt
      try FileManager.default.createDirectory(
        at: receipt.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("{}".utf8).write(to: receipt)
      let forgetting = try runProgram(
        demoBinary, ["--show", "help", "--report", "--forget-terms"], environment: environment)
      XCTAssertEqual(forgetting.status, 0, forgetting.output)
      XCTAssertTrue(forgetting.output.contains(#""phase":"loaded""#), forgetting.output)
      XCTAssertFalse(forgetting.output.contains(#""decision""#), "no terms asked: \(forgetting.output)")
      XCTAssertFalse(FileManager.default.fileExists(atPath: receipt.path), "--forget-terms removed the receipt")
    }
  }

  func testTheTermsAreAskedOnFirstLaunchOnlyUntilAcceptedOrForgotten() throws {
    let config = try temporaryFolder()
    let receipt = XDGFolders(environment: ["XDG_CONFIG_HOME": config.path, "HOME": "/nonexistent"]).termsReceipt
    XCTAssertEqual(receipt.path, config.path + "/notebook/terms-receipt.json")
    try onMain {
      let first = try Self.makeNotebook(notes: nil, receipt: receipt)
      XCTAssertFalse(first.startTerms(forget: false, automated: true), "automated runs are not asked")
      XCTAssertFalse(first.startTerms(forget: true, automated: true), "not even when the receipt was forgotten")
      XCTAssertTrue(first.startTerms(forget: false, automated: false), "a first launch is asked")
      waitUntil("the terms show after the first frame") { first.window.termsDialog != nil }
      let terms = try XCTUnwrap(first.window.termsDialog)
      let termsWindow = try XCTUnwrap(terms.window)
      waitUntil("the terms loaded", timeout: 30) { terms.viewer.state.phase == .loaded }
      if !MainLoop.spin(until: { terms.canAccept }, timeout: 3) {
        // Accept follows reading to the end: End in the page, as a person does.
        gtk_widget_grab_focus(gcast(terms.viewer.webView))
        try pressKeys("End", in: terms.gtkWindow)
        waitUntil("the terms can be accepted") { terms.canAccept }
      }
      XCTAssertEqual(gtk_widget_activate_action_variant(gcast(termsWindow), "terms.accept", nil), 1)
      waitUntil("the receipt is kept") { FileManager.default.fileExists(atPath: receipt.path) }
      let kept = try XCTUnwrap(TermsReceiptFile(url: receipt).receipt)
      guard case .accepted(let answer) = first.window.termsDecision else { return XCTFail("not accepted") }
      XCTAssertEqual(kept.sha256, answer.sha256)
      XCTAssertTrue(first.window.status.hasPrefix("Terms accepted at "), first.window.status)
      gtk_window_destroy(first.window.window)

      // The second launch has the receipt: no terms.
      let second = try Self.makeNotebook(notes: nil, receipt: receipt)
      XCTAssertFalse(second.startTerms(forget: false, automated: false))
      XCTAssertTrue(second.window.status.hasPrefix("Terms accepted on "), second.window.status)
      var frames = 0
      let widget: UnsafeMutablePointer<GtkWidget> = gcast(second.window.window)
      widget.addTickCallback {
        frames += 1
        return frames < 10
      }
      waitUntil("ten frames drawn") { frames >= 10 }
      XCTAssertNil(second.window.termsDialog, "no terms on the second launch")
      gtk_window_destroy(second.window.window)

      // --forget-terms: the receipt goes, the terms come again.
      let third = try Self.makeNotebook(notes: nil, receipt: receipt)
      XCTAssertTrue(third.startTerms(forget: true, automated: false))
      XCTAssertFalse(FileManager.default.fileExists(atPath: receipt.path))
      waitUntil("the terms show again") { third.window.termsDialog != nil }
      third.window.termsDialog?.dismiss()
      gtk_window_destroy(third.window.window)
    }
  }

  func testF1InTheMainWindowOpensHelpAtTheFocusedWidgetsTopic() throws {
    try onMain {
      let notebook = try Self.makeNotebook(notes: nil)
      notebook.window.notes.newNote()
      try pressKeys("F1", in: notebook.window.window)
      waitUntil("F1 opened the editor's topic", timeout: 30) {
        notebook.window.dialog?.viewer.state.title == "Writing Notes"
      }
      let help = try XCTUnwrap(notebook.window.dialog)
      // The sync button, focused: F1 brings the same help forward at the sync topic.
      gtk_widget_grab_focus(notebook.window.syncButton)
      try pressKeys("F1", in: notebook.window.window)
      waitUntil("the help went to sync", timeout: 30) { help.viewer.state.title == "Sync Between Devices" }
      XCTAssertTrue(notebook.window.dialog === help, "one help at a time")
      help.close()
      gtk_window_destroy(notebook.window.window)
    }
  }

  func testThePrimaryMenuHoldsTheAppsActions() throws {
    try onMain {
      let notebook = try Self.makeNotebook(notes: nil)
      defer { gtk_window_destroy(notebook.window.window) }
      let group: OpaquePointer = gcast(UnsafeMutableRawPointer(notebook.application))
      for name in ["help", "shortcuts", "terms", "about", "new-note", "broken-link", "open-url", "quit"] {
        XCTAssertEqual(g_action_group_has_action(group, name), 1, name)
      }
      let accels = gtk_application_get_accels_for_action(notebook.application, "app.help")
      defer { g_strfreev(accels) }
      XCTAssertEqual(accels?.pointee.map { String(cString: $0) }, "F1")
      g_action_group_activate_action(group, "shortcuts", nil)
      waitUntil("the shortcuts window shows") { toplevelTypes().contains("GtkShortcutsWindow") }
      g_action_group_activate_action(group, "about", nil)
      waitUntil("the About window shows") { toplevelTypes().contains("GtkAboutDialog") }
    }
  }
}

/// The type names of the visible toplevel windows.
@MainActor
private func toplevelTypes() -> [String] {
  var names: [String] = []
  let list = gtk_window_list_toplevels()
  var node = list
  while let current = node {
    if let window = current.pointee.data, gtk_widget_get_visible(window.assumingMemoryBound(to: GtkWidget.self)) != 0 {
      let type = (window.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class?.pointee.g_type) ?? 0
      names.append(String(cString: g_type_name(type)))
    }
    node = current.pointee.next
  }
  g_list_free(list)
  return names
}
