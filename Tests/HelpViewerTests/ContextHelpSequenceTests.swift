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
      // 15 s: well under the 30 s hang of issue 30's item 1. With 5 s, CI (the whole suite beside
      // a ten-run repeat and a busy core) failed once on a new book's first page: its Mallard
      // cache and page rendered in a new web process after 5 s, and every later check passed.
      waitUntil("F1 showed help", timeout: 15, file: file, line: line) {
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

  func testTheSectionStaysInViewWhenTheParentIsResizedLaterUntilThePersonScrolls() throws {
    // Seed 999332053 of the session test, in the ten-run repeat on a loaded machine: the
    // sheet's last size came after the section keeper's 1.5 s, and the section's heading was
    // left above the view. A person who has not moved through the page expects the section to
    // stay where it was asked for, however late the window takes its size.
    try XCTSkipUnless(MallardViewerTests.hasYelpXSL, "yelp-xsl is not installed")
    try onMain {
      let help = try TallyHelp()
      defer { help.remove() }
      let host = try Host(help)
      defer { gtk_window_destroy(host.window) }
      let dialog = try host.pressF1(on: host.minus)
      defer { dialog.close() }
      expectScrolled(to: "removing", in: dialog, "at first")
      let pageWidth = { evaluate("String(window.innerWidth)", in: dialog.viewer.webView) }
      // The person reads for a while (longer than the keeper's old 1.5 s), then the parent is
      // made narrower: the sheet follows it and the text above the section reflows.
      MainLoop.spin(until: { false }, timeout: 2)
      for (width, height) in [(700, 1000), (1200, 900)] {
        let before = pageWidth()
        gtk_window_set_default_size(host.window, Int32(width), Int32(height))
        waitUntil("the sheet followed the parent to \(width)×\(height)") { pageWidth() != before }
        expectScrolled(to: "removing", in: dialog, "after the parent became \(width)×\(height)")
      }
      // Once the person scrolls, the page stays where they took it.
      _ = evaluate(
        "window.dispatchEvent(new WheelEvent('wheel')); window.scrollTo(0, 0); 'ok'", in: dialog.viewer.webView)
      let before = pageWidth()
      gtk_window_set_default_size(host.window, 700, 1000)
      waitUntil("the sheet followed the parent again") { pageWidth() != before }
      MainLoop.spin(until: { false }, timeout: 0.5)  // A frame or more for a scroll that must not come.
      XCTAssertEqual(evaluate("String(window.scrollY)", in: dialog.viewer.webView), "0", "scrolled back to the section")
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
