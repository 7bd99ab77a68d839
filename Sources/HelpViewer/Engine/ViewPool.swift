import HelpViewerGlue

/// The one store of what closed viewers leave warm for the next: either a closed dialog's whole
/// shell (window, header bar and viewer widgets, hidden), or spare web views on a closed
/// viewer's web process. Never both: a kept shell counts as the one spare.
///
/// - **A shell** (`keep`, `takeShell`): the next dialog opens with no new window, web view or
///   process start. While kept, its web view shows an empty page (`ViewerParts.retire()`); the
///   next dialog's first page replaces the history (`SessionHistory`). `DialogOwner` decides
///   whether a dialog's shell is kept, and hides the window first.
/// - **Spare views** (`viewerClosed`, `take`): a hidden anchor view (no page) related (WebKit's
///   `related-view`) to the first closed view holds its web process, and at most `limit` spares
///   related to the anchor wait for the next viewers. A spare is a new view: no page and no
///   history (WebKitGTK cannot empty a used view's history). Spares share the anchor's settings
///   and user content manager (measured with WebKitGTK 2.50: a process shared by views that
///   each bring their own grows about 4 MB more per view), so one viewer at a time uses them,
///   and `take` removes what an earlier viewer added.
///
/// `HelpViewerEngine` calls it; it calls no other store.
///
/// ```swift
/// if ViewPool.keep(shell) { return }                    // a closing dialog, instead of destroying
/// let shell = ViewPool.takeShell()                      // the next dialog, when one is ready
/// ViewPool.viewerClosed(webView, isLoading: false)      // other viewers: a spare on its process
/// let viewer = LoadingWebView(parts: nil, spare: ViewPool.take())
/// ```
@MainActor
enum ViewPool {
  /// What a dialog is built of, besides its Swift objects.
  struct Shell {
    let window: Window
    let header: DialogHeader
    let parts: ViewerParts
  }

  /// How many spares are kept; 0 turns reuse off (and drops what is kept).
  static var limit = 1 {
    didSet {
      if limit <= 0 { drop() }
      while spares.count > max(limit, 0) { spares.removeLast() }
    }
  }
  /// Whether closed dialogs' shells are kept at all (`HelpViewerEngine.reusesDialogWindows`).
  static var keepsShells = true {
    didSet { if !keepsShells { dropShell() } }
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
  /// The kept shell, and what watches it: GTK destroying its window (the application quits),
  /// and its blank page until that loaded (before, its load events would reach the next viewer).
  private static var shell: Shell?
  private static var shellDestroyed: SignalConnection?
  private static var blankLoad: SignalConnection?

  /// Whether a closed viewer's process is still to be handed to a spare (next main-loop turn).
  static var isHandingOver: Bool { handOver?.isPending == true }
  /// Whether a web process is kept warm for the next viewer.
  static var isWarm: Bool { !spares.isEmpty || anchor != nil || retired != nil || shell != nil }
  /// Whether a shell is kept now.
  static var isKeepingShell: Bool { shell != nil }
  /// Whether a kept shell is ready for the next dialog (its empty page loaded).
  static var hasReadyShell: Bool { shell != nil && blankLoad == nil }
  /// Whether a closing dialog's shell could be kept: reuse on, no other shell kept.
  static var wantsShell: Bool { keepsShells && limit > 0 && shell == nil }

  /// A spare view for a dialog's or a preload's viewer, when one waits and no other viewer uses
  /// a pooled view.
  static func take() -> WebEngine.View? {
    guard inUse?.isAlive != true else { return nil }
    if spares.isEmpty, handOver != nil { makeSpare() }  // Closed a moment ago: hand over now.
    guard !spares.isEmpty else { return nil }
    let spare = spares.removeFirst()
    WebEngine.scrub(spare.userContentManager)
    inUse = GWeakObject(spare.view.raw)
    return spare
  }

  /// A viewer is done with `webView`: its pooled place is free, and unless a shell is kept, its
  /// process goes to the anchor on the next main-loop turn (closing stays quick) and a spare
  /// waits. Not a view closed while loading (its process may still be starting, and a view
  /// related to a process that never started waits forever), nor one that never loaded a page
  /// (no process), nor one on a trusting session (`WebEngine.isShared`).
  static func viewerClosed(_ webView: GObjectRef, isLoading: Bool) {
    if inUse?.withObject({ $0 == webView.raw }) == true { inUse = nil }
    guard shell == nil, limit > 0, spares.count < limit, WebEngine.isShared(webView) else { return }
    if anchor == nil {
      let hasProcess = WebView(webView).uri != nil
      guard !isLoading, hasProcess else { return }
      retired = webView
    }
    handOver?.cancel()
    handOver = TimeoutSource(seconds: 0) { makeSpare() }
  }

  /// Keeps `shell` (its window hidden and detached already), its web view emptied, and lets the
  /// spares go; `false` when none is wanted or the view could not be emptied (the caller then
  /// destroys the window).
  static func keep(_ kept: Shell) -> Bool {
    guard wantsShell else { return false }
    // Ready once the blank page's own load finished: a load the closed dialog left running ends
    // (cancelled) with a FINISHED of its own first, but only the blank page's load starts now.
    var blankStarted = false
    // The page weakly: the closure belongs to the web view, which the wrapper holds.
    blankLoad = kept.parts.page.onLoadChanged { [weak page = kept.parts.page] step in
      if step == .started { blankStarted = true }
      guard step == .finished, blankStarted, page?.isLoading == false else { return }
      stopWatchingBlankLoad()
    }
    guard kept.parts.retire() else {
      stopWatchingBlankLoad()
      return false
    }
    dropSpares()
    shell = kept
    shellDestroyed = kept.window.onDestroy {
      shell = nil
      shellDestroyed = nil  // Disconnected with the window.
      stopWatchingBlankLoad()
    }
    return true
  }

  /// The kept shell, no longer kept; `nil` when there is none or it is not ready yet.
  static func takeShell() -> Shell? {
    guard hasReadyShell, let shell, !shell.parts.page.isLoading else { return nil }
    return releaseShell()
  }

  /// Starts a web process for the first viewer, in the background: the anchor loads
  /// `about:blank`, then a spare is made. Does nothing when a process is already kept.
  static func prewarm() {
    guard limit > 0, !isWarm else { return }
    let made = WebEngine.newWebView()
    let page = WebView(made.view)
    anchor = made.view
    anchorLoad = page.onLoadChanged { step in
      if step == .finished { makeSpare() }
    }
    page.load("about:blank")
  }

  /// Releases everything kept: the shell's window is destroyed, and the web processes exit once
  /// no viewer uses them.
  static func drop() {
    dropSpares()
    dropShell()
  }

  /// Releases the spares and the anchor, not a kept shell (e.g. a stuck page ended the process
  /// they may share).
  static func dropSpares() {
    handOver?.cancel()
    handOver = nil
    anchorLoad?.disconnect()
    anchorLoad = nil
    retired = nil
    anchor = nil
    spares.removeAll()
  }

  private static func dropShell() {
    guard let released = releaseShell() else { return }
    released.window.destroy()
  }

  private static func releaseShell() -> Shell? {
    let released = shell
    shell = nil
    shellDestroyed?.disconnect()
    shellDestroyed = nil
    stopWatchingBlankLoad()
    return released
  }

  private static func stopWatchingBlankLoad() {
    blankLoad?.disconnect()
    blankLoad = nil
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
