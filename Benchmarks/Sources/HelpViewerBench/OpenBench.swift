import Foundation
import HelpViewer
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue

/// Which page an open is measured on.
enum PageKind: String, CaseIterable, Codable {
  /// Served by the benchmark itself on 127.0.0.1.
  case http
  /// The demo's help page (`help-viewer://notebook/…`; the naive pattern reads it as `file://`).
  case bundled
}

/// Open → loaded in one process: the naive pattern (a new `WebKitWebView` per dialog) against
/// `HelpDialog`'s first open, warm open (after a close) and preloaded open.
@MainActor
enum OpenBench {
  struct Result: Codable {
    var first = Samples()
    var warm = Samples()
    var preloaded = Samples()
    var preloadedFrames = Samples()
    var naive = Samples()
    /// The platform's floor for any reuse: one bare window and web view, kept, shown again.
    var floor = Samples()

    func merged(with other: Result) -> Result {
      Result(
        first: first + other.first, warm: warm + other.warm, preloaded: preloaded + other.preloaded,
        preloadedFrames: preloadedFrames + other.preloadedFrames, naive: naive + other.naive,
        floor: floor + other.floor)
    }
  }

  static func run(page: PageKind, rounds: Int) throws -> Result {
    let server = try PageServer()
    var counter = 0
    /// A new address each time, so that no open is served from an earlier one's memory cache.
    func nextURL() -> URL {
      counter += 1
      switch page {
      case .http: return server.url("/help?open=\(counter)")
      case .bundled: return BundledScheme.url(DemoPages.helpPath(), in: DemoPages.folderName)
      }
    }
    let naiveURL: () -> String = {
      switch page {
      case .http: return nextURL().absoluteString
      case .bundled:
        let pages = try? DemoPages.locate()
        return pages?.appendingPathComponent(DemoPages.helpPath()).absoluteString ?? "about:blank"
      }
    }
    var result = Result()

    var start = now()
    var dialog = HelpDialog.present(nextURL(), title: "Help")
    try waitLoaded(dialog.viewer)
    result.first.add(now() - start)

    for _ in 0..<rounds {
      dialog.close()
      settle(0.3)  // A person does not reopen help at once; the spare is ready by then.
      start = now()
      dialog = HelpDialog.present(nextURL(), title: "Help")
      try waitLoaded(dialog.viewer)
      result.warm.add(now() - start)
    }

    for _ in 0..<rounds {
      dialog.close()
      let url = nextURL()
      let viewer = HelpViewerEngine.preload(url)
      try waitLoaded(viewer)
      settle(0.15)
      var shown: Double?
      var frames = 0
      start = now()
      dialog = HelpDialog.present(url, title: "Help")
      let webView = contentWidget(of: dialog)
      webView.addTickCallback {
        frames += 1
        if ContentProbe.showsContent(webView) {
          shown = now()
          return false
        }
        return frames < 300
      }
      guard MainLoop.spin(until: { shown != nil }, timeout: 10), let shown else {
        throw BenchError("the preloaded page never showed")
      }
      result.preloaded.add(shown - start)
      result.preloadedFrames.add(Double(frames))
    }
    dialog.close()

    for _ in 0..<rounds {
      settle(0.3)
      start = now()
      result.naive.add(try naiveOpen(naiveURL()) - start)
    }
    result.floor = try floorOpens(rounds: rounds, nextURL: naiveURL)
    return result
  }

  /// What no reuse can beat here: one bare window (no header bar) and one web view, both kept;
  /// each round shows the hidden window again and loads the next page in the same view (whose
  /// history keeps growing, which a dialog may not allow). Unmeasured first round.
  private static func floorOpens(rounds: Int, nextURL: () -> String) throws -> Samples {
    let window: UnsafeMutablePointer<GtkWindow> = gcast(gtk_window_new()!)
    defer { gtk_window_destroy(window) }
    let webView: UnsafeMutablePointer<WebKitWebView> = gcast(UnsafeMutableRawPointer(webkit_web_view_new()!))
    gtk_window_set_default_size(window, 720, 640)
    gtk_window_set_child(window, gcast(webView))
    var finished = false
    let connection = webView.connectLoadChanged { event in
      if event == WEBKIT_LOAD_FINISHED { finished = true }
    }
    defer { connection.disconnect() }
    var samples = Samples()
    for round in 0...rounds {
      settle(0.3)
      finished = false
      let start = now()
      gtk_window_present(window)
      webkit_web_view_load_uri(webView, nextURL())
      guard MainLoop.spin(until: { finished }, timeout: 30) else { throw BenchError("the floor view did not load") }
      if round > 0 { samples.add(now() - start) }
      gtk_widget_set_visible(gcast(window), 0)
    }
    return samples
  }

  /// The pattern of every seed article: a window with a new `WebKitWebView`, loading `uri`.
  /// Returns when the load finished (milliseconds, monotonic).
  private static func naiveOpen(_ uri: String) throws -> Double {
    let window: UnsafeMutablePointer<GtkWindow> = gcast(gtk_window_new()!)
    defer { gtk_window_destroy(window) }
    let webView: UnsafeMutablePointer<WebKitWebView> = gcast(UnsafeMutableRawPointer(webkit_web_view_new()!))
    gtk_window_set_default_size(window, 720, 640)
    gtk_window_set_child(window, gcast(webView))
    gtk_window_present(window)
    var finished: Double?
    let connection = webView.connectLoadChanged { event in
      if event == WEBKIT_LOAD_FINISHED { finished = now() }
    }
    defer { connection.disconnect() }
    webkit_web_view_load_uri(webView, uri)
    guard MainLoop.spin(until: { finished != nil }, timeout: 30), let finished else {
      throw BenchError("the naive web view did not load \(uri)")
    }
    return finished
  }

  private static func contentWidget(of dialog: HelpDialog) -> UnsafeMutablePointer<GtkWidget> {
    .init(dialog.viewer.widget)
  }

  static func waitLoaded(_ viewer: LoadingWebView) throws {
    guard MainLoop.spin(until: { viewer.state.phase == .loaded || viewer.state.error != nil }, timeout: 30),
      viewer.state.error == nil
    else { throw BenchError("the page did not load: \(viewer.state.error?.message ?? "timeout")") }
  }

  /// Lets the main loop run for `seconds` (between measurements: closes finish, processes exit).
  static func settle(_ seconds: Double) {
    MainLoop.spin(until: { false }, timeout: seconds)
  }
}
