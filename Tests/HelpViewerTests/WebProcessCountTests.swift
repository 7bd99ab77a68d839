import Foundation
import HelpViewerBooks
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Web processes stay as many as the viewers alive need, however many dialogs and embedded
/// viewers come and go (issue 21): a destroyed viewer's web process ends unless another view
/// still uses it (the pool's spare, a kept dialog). Counted from /proc (`WebProcesses`), by
/// spinning the main loop until a process ends, never by timing.
///
/// ```swift
/// let before = WebProcesses.running()
/// // … viewers come and go …
/// waitUntil("only the spare's process") { WebProcesses.running().subtracting(before) == afterOne }
/// ```
final class WebProcessCountTests: GtkTestCase {
  /// How many viewers or dialogs come and go in each test.
  static let cycles = 10

  func testADestroyedEmbeddedViewersWebProcessEnds() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Embedded</title><p>hello"))
      defer { server.stop() }
      let before = WebProcesses.running()
      let listeners = DownloadGuard.listenerCount
      let box: UnsafeMutablePointer<GtkBox> = gcast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!)
      let window = showInWindow(gcast(box), title: "Embedding host")
      defer { gtk_window_destroy(window) }
      for round in 1...Self.cycles {
        var started: Set<Int32> = []
        var webView: GWeakObject?
        do {
          // A host's own viewer, in its one window, dropped without `detach()`.
          let viewer = LoadingWebView()
          gtk_box_append(box, viewer.gtkWidget)
          viewer.load(server.url("/"))
          waitUntil("round \(round) loaded") { viewer.state.phase == .loaded }
          started = WebProcesses.running().subtracting(before)
          webView = GWeakObject(viewer.webView)
          gtk_box_remove(box, viewer.gtkWidget)
        }
        XCTAssertEqual(started.count, 1, "round \(round): the one viewer's process, none left by the rounds before")
        waitUntil("round \(round): the viewer's web view was freed") { webView?.isAlive == false }
        waitUntil("round \(round): its web process ended") { WebProcesses.running().isDisjoint(with: started) }
      }
      XCTAssertEqual(DownloadGuard.listenerCount, listeners, "no viewer left a listener behind")
    }
  }

  func testDetachedEmbeddedViewersLeaveOnlyTheSparesProcess() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Embedded</title><p>hello"))
      defer { server.stop() }
      let before = WebProcesses.running()
      let box: UnsafeMutablePointer<GtkBox> = gcast(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!)
      let window = showInWindow(gcast(box), title: "Embedding host")
      defer { gtk_window_destroy(window) }
      var afterOne: Set<Int32> = []
      for round in 1...Self.cycles {
        var webView: GWeakObject?
        do {
          let viewer = LoadingWebView()
          gtk_box_append(box, viewer.gtkWidget)
          viewer.load(server.url("/"))
          waitUntil("round \(round) loaded") { viewer.state.phase == .loaded }
          webView = GWeakObject(viewer.webView)
          viewer.detach()  // As documented: the process stays warm for the next viewer.
          gtk_box_remove(box, viewer.gtkWidget)
        }
        waitUntil("round \(round): the viewer's web view was freed") { webView?.isAlive == false }
        waitUntil("round \(round): a spare was made") { ViewPool.spares.count == 1 && !ViewPool.isHandingOver }
        if round == 1 {
          afterOne = WebProcesses.running().subtracting(before)
          XCTAssertEqual(afterOne.count, 1, "the first viewer's process, kept by the spare")
        } else {
          waitUntil("round \(round): only the spare's process") {
            WebProcesses.running().subtracting(before) == afterOne
          }
        }
      }
      HelpViewerEngine.dropSpareViews()
      waitUntil("dropped, the spare's process ended") { WebProcesses.running().isDisjoint(with: afterOne) }
    }
  }

  func testHelpDialogsComeAndGoOnOneWebProcess() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Help</title><p>hello"))
      defer { server.stop() }
      let parent = showInWindow(gtk_label_new("host")!, title: "Host")
      defer { gtk_window_destroy(parent) }
      try assertCyclesKeepTheirProcesses("kept dialog window") {
        let dialog = HelpDialog.present(server.url("/"), title: "Help", over: parent)
        waitUntil("loaded") { dialog.viewer.state.phase == .loaded }
        dialog.close()
        waitUntil("the closed dialog's window is kept, ready") { ViewPool.hasReadyShell }
      }
    }
  }

  func testHelpDialogsWithoutKeptWindowsComeAndGoOnOneWebProcess() throws {
    try onMain {
      HelpViewerEngine.reusesDialogWindows = false
      let server = try TestServer()
      server.route("/", .page("<title>Help</title><p>hello"))
      defer { server.stop() }
      try assertCyclesKeepTheirProcesses("spare view") {
        let dialog = HelpDialog.present(server.url("/"), title: "Help")
        waitUntil("loaded") { dialog.viewer.state.phase == .loaded }
        dialog.close()
        waitUntil("a spare was made") { ViewPool.spares.count == 1 && !ViewPool.isHandingOver }
      }
    }
  }

  func testHelpBookDialogsWithASearchEachComeAndGoOnOneWebProcess() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      try assertCyclesKeepTheirProcesses("kept book dialog window") {
        searchAndClose(book)
        waitUntil("the closed book dialog's window is kept, ready") { ViewPool.hasReadyShell }
      }
    }
  }

  func testHelpBookDialogsWithoutKeptWindowsComeAndGoOnOneWebProcess() throws {
    try onMain {
      HelpViewerEngine.reusesDialogWindows = false
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      try assertCyclesKeepTheirProcesses("spare view") {
        searchAndClose(book)
        waitUntil("a spare was made") { ViewPool.spares.count == 1 && !ViewPool.isHandingOver }
      }
    }
  }

  /// What a test leaves (an embedded viewer in a window it never destroyed, an open dialog, a
  /// kept one): the reset before the next test ends all their processes.
  func testTheResetBetweenTestsEndsEveryProcessOfTheTestBefore() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Page</title><p>hello"))
      defer { server.stop() }
      let before = WebProcesses.running()
      do {
        let viewer = LoadingWebView()
        _ = showInWindow(viewer.gtkWidget)
        viewer.load(server.url("/"))
        let kept = HelpDialog.present(server.url("/"), title: "Help")
        waitUntil("loaded") { viewer.state.phase == .loaded && kept.viewer.state.phase == .loaded }
        kept.close()
        let open = HelpDialog.present(server.url("/"), title: "Help")  // On the kept window.
        waitUntil("the second dialog loaded") { open.viewer.state.phase == .loaded }
        XCTAssertGreaterThanOrEqual(WebProcesses.running().subtracting(before).count, 2)
      }
      resetSharedState()
      waitUntil("every process of the test before ended") { WebProcesses.running().subtracting(before).isEmpty }
    }
  }
}

/// Runs `cycle` (a viewer or dialog comes and goes) `cycles` times: after the first, the
/// processes alive are the ones `what` keeps; after each later one, the same again.
@MainActor
private func assertCyclesKeepTheirProcesses(
  _ what: String, file: StaticString = #filePath, line: UInt = #line, _ cycle: () throws -> Void
) rethrows {
  let before = WebProcesses.running()
  try cycle()
  waitUntil("after one cycle: the \(what)'s process alone", file: file, line: line) {
    WebProcesses.running().subtracting(before).count == 1
  }
  let afterOne = WebProcesses.running().subtracting(before)
  for round in 2...WebProcessCountTests.cycles {
    try cycle()
    waitUntil("round \(round): only the \(what)'s process", file: file, line: line) {
      WebProcesses.running().subtracting(before) == afterOne
    }
  }
  HelpViewerEngine.dropSpareViews()
  waitUntil("dropped, the \(what)'s process ended", file: file, line: line) {
    WebProcesses.running().isDisjoint(with: afterOne)
  }
}

/// A dialog on `book`'s index page, searched for "sync" and closed once the results showed.
@MainActor
private func searchAndClose(_ book: HelpBook, file: StaticString = #filePath, line: UInt = #line) {
  let dialog = HelpDialog.present(book: book)
  let viewer = dialog.viewer
  waitUntil("the index", file: file, line: line) {
    viewer.state.title == "Notebook Help Contents" && viewer.state.phase == .loaded
  }
  XCTAssertTrue(dialog.openSearch("sync"), file: file, line: line)
  waitUntil("the results page", file: file, line: line) {
    viewer.state.url?.contains("/.search?q=sync") == true && viewer.state.phase == .loaded
  }
  dialog.close()
}

/// A dialog's web view leaves with the dialog, whatever the page did to the keyboard focus.
final class WebViewFocusLeakTests: GtkTestCase {
  /// Three `help:` addresses that fail, in one main-loop turn, after a page had the focus: the
  /// error view covered the focused web view while its Retry was shown and hidden again, and GTK
  /// kept the web view (and its web process) alive after the window went.
  func testAWebViewFocusedUnderTheErrorViewIsFreedWithItsDialog() throws {
    try onMain {
      let data = FileManager.default.temporaryDirectory.appendingPathComponent("hv-xdg-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: data) }
      let app = data.appendingPathComponent("help/C/notes-app")
      try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
      try Data(TestBook.page("Sharing", "<h2 id=\"links\">Links</h2>").utf8)
        .write(to: app.appendingPathComponent("sharing.html"))
      let environment = ["XDG_DATA_HOME": data.path, "XDG_DATA_DIRS": "/nonexistent"]
      var webView: GWeakObject?
      do {
        let dialog = HelpDialog(title: "Help")
        dialog.present()
        let viewer = dialog.viewer
        webView = GWeakObject(viewer.webView)
        dialog.load(helpAddress: "help:notes-app/sharing#links", environment: environment, languages: ["C"])
        waitUntil("the help: page") { viewer.state.title == "Sharing" && viewer.state.phase == .loaded }
        for address in ["help:no-such-app", "help:notes-app/%2e%2e%2fsecret", "help:notes-app/nothing-here"] {
          dialog.load(helpAddress: address, environment: environment, languages: ["C"])
          XCTAssertNotNil(viewer.state.error, address)
        }
        dialog.close()
      }
      resetSharedState()
      waitUntil("the dialog's web view was freed") { webView?.isAlive == false }
    }
  }
}
