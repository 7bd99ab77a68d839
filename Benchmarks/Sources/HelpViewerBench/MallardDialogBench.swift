import Foundation
import HelpViewer
import HelpViewerBooks
import HelpViewerCWebKit
import HelpViewerGlue

/// GNOME's help (`help:gnome-help/PAGE`) in a `HelpDialog`, in one process: warm opens (after a
/// close and 0.3 s) of a page never shown before and of one shown already, then following a
/// link in a loaded page as a person would (a click, through the page's script), each time to
/// a page not shown before.
///
/// ```swift
/// let result = try MallardDialogBench.run(rounds: 7)   // result.warmFresh.median, result.link.median
/// ```
@MainActor
enum MallardDialogBench {
  nonisolated static let app = "gnome-help"

  struct Result: Codable {
    /// Warm open → `.loaded` of a page this process has not rendered yet (ms).
    var warmFresh = Samples()
    /// Warm open → `.loaded` of the page the first (unmeasured) open showed (ms).
    var warmRepeated = Samples()
    /// Click on a link to a page not shown yet → that page `.loaded` (ms).
    var link = Samples()
    /// The pages, in the order measured: the fresh opens, then the links followed.
    var pages: [String] = []
  }

  static func run(rounds: Int) throws -> Result {
    let book = try HelpBook.installed(app: app, languages: [])
    // Pages spread over the book, ordered by name: a different one each round.
    let ids = book.pages().map(\.id).filter { $0 != "index" }.sorted()
    guard ids.count > rounds * 2 else { throw BenchError("\(app) has only \(ids.count) pages") }
    let stride = ids.count / (rounds + 1)
    let fresh = (1...rounds).map { ids[$0 * stride] }
    let repeated = ids[0]
    var shown: Set<String> = [repeated]
    var result = Result()

    var dialog = try open(repeated)  // unmeasured: the process's first dialog
    for page in fresh {
      for (id, isFresh) in [(page, true), (repeated, false)] {
        dialog.close()
        OpenBench.settle(0.3)
        let start = now()
        dialog = try open(id)
        let elapsed = now() - start
        if isFresh {
          result.warmFresh.add(elapsed)
          result.pages.append(id)
        } else {
          result.warmRepeated.add(elapsed)
        }
        shown.insert(id)
      }
    }
    dialog.close()
    OpenBench.settle(0.3)
    dialog = try open("index")
    shown.insert("index")
    for _ in 0..<rounds {
      OpenBench.settle(0.3)
      guard let webView = PageScript.webView(in: dialog.viewer.widget) else {
        throw BenchError("the dialog has no web view")
      }
      guard let target = unshownLink(in: webView, shown: shown) else {
        throw BenchError("no link to a page not shown yet in \(dialog.viewer.state.url ?? "the page")")
      }
      let viewer = dialog.viewer
      let start = now()
      PageScript.run("document.querySelector('a[href=\"\(target).html\"]').click()", in: webView)
      guard
        MainLoop.spin(
          until: {
            viewer.state.error != nil
              || (viewer.state.phase == .loaded && viewer.state.url?.hasSuffix("/\(target).html") == true)
          }, timeout: 30), viewer.state.error == nil
      else { throw BenchError("the link to \(target) did not load: \(viewer.state.error?.message ?? "timeout")") }
      result.link.add(now() - start)
      result.pages.append(target)
      shown.insert(target)
    }
    dialog.close()
    return result
  }

  /// `HelpDialog.present(address: "help:gnome-help/ID")`, waited until `.loaded`.
  private static func open(_ id: String) throws -> HelpDialog {
    let dialog = HelpDialog.present(address: "help:\(app)/\(id)", title: "Help")
    try OpenBench.waitLoaded(dialog.viewer)
    return dialog
  }

  /// The page id of the first link in `webView`'s page to a page of the book not in `shown`.
  private static func unshownLink(in webView: UnsafeMutablePointer<WebKitWebView>, shown: Set<String>) -> String? {
    guard
      let json = PageScript.evaluate(
        "JSON.stringify(Array.from(document.querySelectorAll('a[href$=\".html\"]'), a => a.getAttribute('href')))",
        in: webView),
      let hrefs = try? JSONDecoder().decode([String].self, from: Data(json.utf8))
    else { return nil }
    return hrefs.lazy.filter { !$0.contains("/") && !$0.contains(":") }.map { String($0.dropLast(".html".count)) }
      .first { !shown.contains($0) }
  }
}
