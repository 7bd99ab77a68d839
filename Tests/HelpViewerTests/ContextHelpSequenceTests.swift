import Foundation
import HelpViewerCGtk
import HelpViewerGlue
import XCTest

@testable import HelpViewer
@testable import HelpViewerBooks

/// Help as a person moves through it (issue 30): context help pressed twice, a section after
/// the index, in kept (reused) dialog windows as in new ones, on installed Mallard help.
final class ContextHelpSequenceTests: GtkTestCase {
  /// The Tally host: a window with + and − tagged `counting#adding` and `counting#removing`,
  /// F1 installed for its help.
  @MainActor
  struct Host {
    let window: UnsafeMutablePointer<GtkWindow>
    let plus: UnsafeMutablePointer<GtkWidget>
    let minus: UnsafeMutablePointer<GtkWidget>
    let book: HelpBook

    init(_ help: TallyHelp) throws {
      book = try HelpBook.installed(app: "tally", environment: help.environment, languages: ["C"])
      plus = gtk_button_new_with_label("+")
      minus = gtk_button_new_with_label("−")
      HelpTopics.tag(UnsafeMutableRawPointer(plus), topic: "counting", section: "adding")
      HelpTopics.tag(UnsafeMutableRawPointer(minus), topic: "counting", section: "removing")
      let box: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
      gtk_box_append(gcast(box), plus)
      gtk_box_append(gcast(box), minus)
      window = showInWindow(box, title: "Tally")
      gtk_window_set_default_size(window, 900, 700)
      HelpTopics.installHelpKey(in: UnsafeMutableRawPointer(window), book: book)
    }

    /// F1 with the focus on `widget`: the help dialog it shows, once its page loaded.
    func pressF1(on widget: UnsafeMutablePointer<GtkWidget>, file: StaticString = #filePath, line: UInt = #line) throws
      -> HelpDialog
    {
      gtk_widget_grab_focus(widget)
      try pressKeys("F1", in: window, file: file, line: line)
      var shown: HelpDialog?
      waitUntil("F1 showed help", timeout: 5, file: file, line: line) {
        shown = OpenHelpDialogs.showing(book)
        guard let state = shown?.viewer.state, !state.isLoading else { return false }
        return state.error != nil || state.title != nil
      }
      return try XCTUnwrap(shown, file: file, line: line)
    }
  }

  func testContextHelpTwiceInAKeptWindowShowsTheSectionAgain() throws {
    try XCTSkipUnless(MallardViewerTests.hasYelpXSL, "yelp-xsl is not installed")
    try onMain {
      let help = try TallyHelp()
      defer { help.remove() }
      let host = try Host(help)
      defer { gtk_window_destroy(host.window) }
      for (round, widget, section) in [(1, host.plus, "adding"), (2, host.plus, "adding"), (3, host.minus, "removing")]
      {
        let dialog = try host.pressF1(on: widget)
        XCTAssertEqual(
          dialog.viewer.state.phase, .loaded, "round \(round): \(String(describing: dialog.viewer.state.error))")
        XCTAssertEqual(dialog.viewer.state.title, "Counting", "round \(round)")
        expectScrolled(to: section, in: dialog, "round \(round)")
        try pressKeys("Escape", in: dialog.gtkWindow)
        waitUntil("Esc closed help (round \(round))") { !dialog.isOpen }
      }
    }
  }

  func testContextHelpAfterTheIndexInAKeptWindowScrollsToTheSection() throws {
    try XCTSkipUnless(MallardViewerTests.hasYelpXSL, "yelp-xsl is not installed")
    try onMain {
      let help = try TallyHelp()
      defer { help.remove() }
      let host = try Host(help)
      defer { gtk_window_destroy(host.window) }
      let index = HelpDialog.present(book: host.book, over: host.window)
      waitUntil("the index") { index.viewer.state.phase == .loaded && index.viewer.state.title == "Tally Help" }
      index.close()
      let dialog = try host.pressF1(on: host.plus)
      XCTAssertEqual(dialog.viewer.state.title, "Counting")
      expectScrolled(to: "adding", in: dialog, "after the index")
      dialog.close()
    }
  }
}

/// Checks that the element `id` is in view in `dialog`'s page (its top within the viewport).
@MainActor
func expectScrolled(
  to id: String, in dialog: HelpDialog, _ message: String, file: StaticString = #filePath, line: UInt = #line
) {
  let script =
    "(function(){var e=document.getElementById('\(id)');if(!e)return 'missing';var r=e.getBoundingClientRect();return (r.top>=-1&&r.top<window.innerHeight)?'in view':'at '+r.top+' of '+window.innerHeight;})()"
  var answer: String?
  // The scroll lands a frame after the load.
  MainLoop.spin(
    until: {
      answer = evaluate(script, in: dialog.viewer.webView, file: file, line: line)
      return answer == "in view"
    }, timeout: 3)
  XCTAssertEqual(answer, "in view", "\(message): section \(id)", file: file, line: line)
}
