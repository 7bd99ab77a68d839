import Foundation
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer
@testable import HelpViewerBooks

/// What a person would expect after each step of a `SessionWalker` session, and the failure
/// that stops it with the steps to replay.
extension SessionWalker {
  func bookName(ofHost host: String?) -> SessionModel.Book? {
    guard let host, let book = BundledScheme.book(at: "\(BundledAddress.scheme)://\(host)/") else { return nil }
    if book == tally { return .tally }
    if book == notebook { return .notebook }
    return book.root.lastPathComponent == "other" ? .other : nil
  }

  /// What a person would expect now; a failure stops the session with the steps to replay.
  func check() {
    let dialogs = openDialogs()
    guard model.isOpen, let dialog else {
      if !dialogs.isEmpty { fail("\(dialogs.count) help window(s) open after the help closed") }
      return
    }
    if dialogs.count != 1 { fail("\(dialogs.count) help windows over the parent, not one") }
    let viewer = dialog.viewer
    // Within 5 s: loaded or failed, showing what was asked for (a search shows its results
    // once the index is built and the entry's short delay passed).
    let settled = MainLoop.spin(
      until: {
        let state = viewer.state
        guard !state.isLoading, state.error != nil || state.title != nil else { return false }
        return self.shows(state) == nil
      }, timeout: 5)
    _ = settled
    let state = viewer.state
    if state.isLoading { return fail("still loading after 5 s: \(state.url ?? "")") }
    if let mismatch = shows(state) { return fail(mismatch) }
    if model.error != nil {
      expect(dialog.header.title.text == state.error?.title, "the header names the error")
    } else if let place = model.current {
      expect(state.title == place.title, "the title of \(place): \(state.title ?? "none")")
      expect(dialog.header.title.text == (state.title ?? dialog.fallbackTitle), "the header shows the page's title")
      expect(bookName(ofHost: dialog.book.map(BundledScheme.name(for:))) == place.book, "search looks in \(place.book)")
      if model.expectsSectionInView, let section = place.section, let position = notInView(section, in: dialog) {
        fail("section \(section) not scrolled into view: \(position)")
      }
    }
    expect(state.canGoBack == model.canGoBack, "Back \(model.canGoBack ? "possible" : "not possible")")
    expect(state.canGoForward == model.canGoForward, "Forward \(model.canGoForward ? "possible" : "not possible")")
    // The sheet follows the parent's size (GTK reports a resize a moment after asking for it).
    var sizes = ""
    let fits = MainLoop.spin(
      until: {
        var width: Int32 = 0
        var height: Int32 = 0
        var parentWidth: Int32 = 0
        var parentHeight: Int32 = 0
        gtk_window_get_default_size(dialog.gtkWindow, &width, &height)
        gtk_window_get_default_size(self.host, &parentWidth, &parentHeight)
        sizes =
          "sheet \(width)×\(height), parent \(parentWidth)×\(parentHeight) (laid out "
          + "\(gtk_widget_get_width(gcast(self.host)))×\(gtk_widget_get_height(gcast(self.host))))"
        return width <= parentWidth && height <= parentHeight
      }, timeout: 2)
    expect(fits, "the sheet fits its parent: \(sizes)")
  }

  /// Why `state` is not what the model expects, or `nil` when it is.
  func shows(_ state: LoadState) -> String? {
    if let kind = model.error {
      guard state.error?.kind == kind else {
        return "expected the error \(kind), shown: \(state.phase.name) \(state.url ?? "") \(state.title ?? "")"
      }
      return nil
    }
    guard let place = model.current else { return "nothing expected" }
    guard state.phase == .loaded, let url = state.url.flatMap(URLComponents.init(string:)) else {
      return "expected \(place), shown: \(state.phase.name) \(state.url ?? "") \(String(describing: state.error))"
    }
    let shownBook = bookName(ofHost: url.host)
    let shownPage = String(url.path.split(separator: "/").last ?? "index.html").replacingOccurrences(
      of: ".html", with: "")
    let query = url.percentEncodedQuery.map { "?\($0.removingPercentEncoding ?? $0)" } ?? ""
    let shown = SessionModel.Place(
      book: shownBook ?? .notebook, page: shownPage + query, section: url.fragment.flatMap { $0.isEmpty ? nil : $0 })
    guard shownBook != nil, shown == place else { return "expected \(place), shown \(state.url ?? "")" }
    return nil
  }

  /// Where the section `id` is when its title is not in view within 3 s, else `nil`: what a
  /// person looks for is the section's heading (the section's box may begin above it, with
  /// its margin).
  func notInView(_ id: String, in dialog: HelpDialog) -> String? {
    let script =
      "(function(){var s=document.getElementById('\(id)');if(!s)return 'missing';"
      + "var e=s.querySelector('h1,h2,h3,h4,h5,h6')||s;var r=e.getBoundingClientRect();"
      + "return (r.top>=-1&&r.top<window.innerHeight)?'in view':'at '+r.top+' of '+window.innerHeight"
      + "+', scrollY '+window.scrollY+', '+location.href;})()"
    var answer: String?
    let shown = MainLoop.spin(
      until: {
        answer = evaluate(script, in: dialog.viewer.webView)
        return answer == "in view"
      }, timeout: 3)
    return shown ? nil : answer ?? "no answer"
  }

  /// The help windows shown over the host now.
  func openDialogs() -> [UnsafeMutablePointer<GtkWindow>] {
    let windows = gtk_window_get_toplevels()
    var shown: [UnsafeMutablePointer<GtkWindow>] = []
    for index in 0..<g_list_model_get_n_items(windows) {
      guard let item = g_list_model_get_item(windows, index) else { continue }
      let window = item.assumingMemoryBound(to: GtkWindow.self)
      if window != host, gtk_widget_get_visible(gcast(window)) != 0 { shown.append(window) }
      g_object_unref(item)
    }
    return shown
  }

  func expect(_ condition: Bool, _ what: String) {
    if !condition { fail(what) }
  }

  func fail(_ what: String) {
    guard !failed else { return }
    failed = true
    XCTFail(
      """
      Session seed \(seed), step \(steps.count): \(what)
      Replay with HV_SESSION_SEED=\(seed). Steps:
      \(steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
      """)
  }
}
