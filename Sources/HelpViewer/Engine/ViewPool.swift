import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue

/// Keeps a closed viewer's web process warm for the next one: a hidden anchor view (no page)
/// made related (WebKit's `related-view`) to the first closed view holds its web
/// process, and at most `limit` spare views related to the anchor wait for the next viewers.
///
/// A spare is a new view: no page, no back/forward history. (WebKitGTK has no call that empties
/// a used view's history; restoring an empty session state leaves it as it was.) It shares the
/// anchor's settings and user content manager: measured with WebKitGTK 2.50, a web process shared
/// by successive views that each bring their own grows by about 4 MB more per view than when
/// they share them. So only one viewer at a time uses them (when no spare is waiting, a viewer
/// gets a view of its own), and `scrub` removes what an earlier viewer added.
///
/// The pool knows no dialog and no other store: `HelpViewerEngine` calls it (`viewerClosed`
/// tells it when a kept dialog window holds the warm process instead), and hands a spare to the
/// viewers of dialogs and preloads, which give their view back when they close.
///
/// ```swift
/// ViewPool.viewerClosed(webView, isLoading: false)
/// let viewer = LoadingWebView(parts: nil, spare: ViewPool.take())  // a spare when there is one
/// ```
@MainActor
enum ViewPool {
  /// How many spare views are kept; 0 turns reuse off (and drops what is kept).
  static var limit = 1 {
    didSet {
      if limit <= 0 { drop() }
      while spares.count > max(limit, 0) { spares.removeLast() }
    }
  }
  /// The spare views, each related to the anchor.
  private(set) static var spares: [WebEngine.View] = []
  /// The hidden view whose web process (and settings and user content manager) spares share.
  private static var anchor: GObjectRef?
  /// The pooled view a viewer uses now (then the next viewer gets one of its own); weak, so a
  /// viewer freed without closing frees its place too.
  private static var inUse: GWeakObject?
  /// A closed viewer's web view, kept until its process is handed to the anchor.
  private static var retired: GObjectRef?
  private static var handOver: TimeoutSource?
  private static var anchorLoad: SignalConnection?

  /// Whether a closed viewer's process is still to be handed to a spare (on the next turn of
  /// the main loop).
  static var isHandingOver: Bool { handOver?.isPending == true }

  /// Whether the pool keeps a web process warm for the next viewer.
  static var isWarm: Bool { !spares.isEmpty || anchor != nil || retired != nil }

  /// A spare view for a dialog's or a preload's viewer, when one is waiting and no other viewer
  /// uses a pooled view. What an earlier viewer added to the shared user content manager is
  /// removed first.
  static func take() -> WebEngine.View? {
    guard inUse?.isAlive != true else { return nil }
    if spares.isEmpty, handOver != nil { makeSpare() }  // Closed a moment ago: hand over now.
    guard !spares.isEmpty else { return nil }
    let spare = spares.removeFirst()
    WebEngine.scrub(spare.userContentManager)
    inUse = GWeakObject(spare.view.raw)
    return spare
  }

  /// A viewer is done with `webView`: when it was the pooled one, its place is free; its process
  /// goes to the anchor (made on the next turn of the main loop, so closing stays quick), and a
  /// new spare waits for the next viewer.
  ///
  /// A view closed while loading does not become the anchor: its web process may still be
  /// starting, and a view related to a process that never finished starting waits forever. Nor
  /// does a view that never loaded a page (e.g. a dialog that ended before it was presented):
  /// it has no web process.
  /// Without `mayKeepProcess` (a kept dialog window holds one warm already), only its place is
  /// freed.
  static func viewerClosed(_ webView: GObjectRef, isLoading: Bool, mayKeepProcess: Bool = true) {
    if inUse?.withObject({ $0 == webView.raw }) == true { inUse = nil }
    // A view on a session with trusted certificates never serves another viewer (`WebEngine`).
    guard mayKeepProcess, limit > 0, spares.count < limit, WebEngine.isShared(webView) else { return }
    if anchor == nil {
      // A view that never loaded a page has no web process to keep.
      let hasProcess = webkit_web_view_get_uri(webView.pointer(WebKitWebView.self)) != nil
      guard !isLoading, hasProcess else { return }
      retired = webView
    }
    handOver?.cancel()
    handOver = TimeoutSource(seconds: 0) { makeSpare() }
  }

  /// Starts a web process for the first viewer, in the background: the anchor loads
  /// `about:blank`, then a spare is made. Does nothing when a process is already kept.
  static func prewarm() {
    guard limit > 0, !isWarm else { return }
    let made = WebEngine.newWebView()
    let webView: UnsafeMutablePointer<WebKitWebView> = made.view.pointer()
    anchor = made.view
    anchorLoad = webView.connectLoadChanged { event in
      if event == WEBKIT_LOAD_FINISHED { makeSpare() }
    }
    webkit_web_view_load_uri(webView, "about:blank")
  }

  /// Releases the spares and the anchor (their web process exits once no viewer uses it).
  static func drop() {
    handOver?.cancel()
    handOver = nil
    anchorLoad?.disconnect()
    anchorLoad = nil
    retired = nil
    anchor = nil
    spares.removeAll()
  }

  private static func makeSpare() {
    handOver?.cancel()
    handOver = nil
    anchorLoad?.disconnect()
    anchorLoad = nil
    defer { retired = nil }
    guard limit > 0, spares.count < limit else { return }
    if anchor == nil, let retired {
      // It loads nothing: a page in it (even `about:blank`) makes WebKit move the next bundled
      // page to another process (measured: about 1 s instead of 0.25 s).
      anchor = WebEngine.newWebView(relatedTo: retired, sharing: false).view
    }
    guard let anchor else { return }
    spares.append(WebEngine.newWebView(relatedTo: anchor, sharing: true))
  }
}
