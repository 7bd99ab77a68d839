import CGtk
import CWebKit
import HelpViewerGlue

/// Keeps a closed viewer's web process warm for the next one: at most `limit` spare web views,
/// each new (no page, no history, no scripts or message handlers of an earlier viewer) but
/// sharing the closed view's web process through WebKit's `related-view`.
///
/// Why not the closed view itself: WebKitGTK has no call that empties a view's back/forward
/// list (restoring an empty session state leaves it as it was), so a literally reused view could
/// go back to the previous dialog's page. A new view related to a warm one loads as fast (no
/// process start) and starts clean.
///
/// ```swift
/// ViewPool.retire(closedWebView)  // on close: its process is handed to a spare
/// let (view, contentManager) = ViewPool.take() ?? WebEngine.newWebView()
/// ```
@MainActor
enum ViewPool {
  typealias Spare = (view: GObjectRef, userContentManager: GObjectRef)

  /// How many spare views are kept; 0 turns reuse off (and drops what is kept).
  static var limit = 1 {
    didSet {
      if limit <= 0 { drop() }
      while spares.count > max(limit, 0) { spares.removeLast() }
    }
  }
  /// The spare views, each holding a warm web process.
  private(set) static var spares: [Spare] = []
  /// A closed viewer's web view, kept until its process is handed to a new spare.
  private static var retired: GObjectRef?
  private static var handOver: TimeoutSource?
  private static var memoryWatch: SignalConnection?
  private static var startSignal: SignalConnection?

  /// Whether a spare or a retired view holds a web process for the next viewer.
  static var isWarm: Bool { !spares.isEmpty || retired != nil }

  /// A spare view when there is one (made at once from a just-closed view if need be).
  static func take() -> Spare? {
    if !spares.isEmpty { return spares.removeFirst() }
    guard let retired else { return nil }
    handOver?.cancel()
    handOver = nil
    startSignal?.disconnect()
    self.retired = nil
    return WebEngine.newWebView(relatedTo: retired)
  }

  /// A viewer is done with `webView`: its process goes to a new spare, on the next turn of the
  /// main loop (closing stays quick); the view itself is then released.
  ///
  /// A view closed while loading is not kept: its web process may still be starting, and a
  /// view related to a process that never finished starting waits forever on its loads.
  static func retire(_ webView: GObjectRef, isLoading: Bool = false) {
    guard limit > 0, spares.count < limit, !isLoading else { return }
    watchMemory()
    retired = webView
    handOver?.cancel()
    handOver = TimeoutSource(seconds: 0) { makeSpareFromRetired() }
  }

  /// Starts a web process for the first viewer: a hidden view loads `about:blank`, then hands
  /// its process to a spare. Does nothing when a process is already kept.
  static func prewarm() {
    guard limit > 0, !isWarm else { return }
    watchMemory()
    let starter = WebEngine.newWebView()
    let webView: UnsafeMutablePointer<WebKitWebView> = starter.view.pointer()
    retired = starter.view
    // Handed over once its process runs the page (or taken earlier by a viewer).
    startSignal = webView.connectLoadChanged { event in
      if event == WEBKIT_LOAD_FINISHED { makeSpareFromRetired() }
    }
    webkit_web_view_load_uri(webView, "about:blank")
  }

  /// Releases every spare view (and with the last one, its web process).
  static func drop() {
    startSignal?.disconnect()
    handOver?.cancel()
    handOver = nil
    retired = nil
    spares.removeAll()
  }

  private static func makeSpareFromRetired() {
    handOver = nil
    startSignal?.disconnect()
    startSignal = nil
    guard let retired, spares.count < limit else {
      self.retired = nil
      return
    }
    spares.append(WebEngine.newWebView(relatedTo: retired))
    self.retired = nil
  }

  /// Drops the spares and preloaded pages when the desktop warns of low memory.
  private static func watchMemory() {
    guard memoryWatch == nil else { return }
    memoryWatch = MemoryMonitor.onLowMemoryWarning { _ in HelpViewerEngine.dropSpareViews() }
  }
}
