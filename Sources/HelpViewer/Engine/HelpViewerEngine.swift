import Foundation
import HelpViewerCore
import HelpViewerGlue

/// Makes help dialogs open as fast as native ones: a warm web process, preloaded pages, and
/// view reuse. All optional; nothing runs until called.
///
/// Every viewer of the process shares one web context and one ephemeral network session
/// (`WebEngine`). When a dialog closes, its web process is kept by one spare web view (bounded
/// by `spareViewLimit`), which the next dialog takes: it loads with no process start, and has no
/// page, history, scripts or message handlers of the previous dialog. The desktop's low-memory
/// warnings (GIO's `GMemoryMonitor`) and `dropSpareViews()` release it.
///
/// Inside the package, the two stores (`ViewPool`: a kept dialog window or spare views;
/// `Preloads`) call no other store: they meet here.
///
/// Named `HelpViewerEngine` rather than after the module: a type named like its module
/// (`HelpViewer.HelpViewer`) makes `HelpViewer.x` ambiguous for Swift.
///
/// ```swift
/// HelpViewerEngine.prewarm()                   // at app start: a web process in the background
/// HelpViewerEngine.preload(helpURL)            // when Help is likely: the page in the background
/// HelpDialog.present(helpURL, over: window)    // shows it on the first frame
/// HelpViewerEngine.dropSpareViews()            // give the memory back
/// ```
@MainActor
public enum HelpViewerEngine {
  /// Makes GTK's main loop (GLib's default main context) run Swift concurrency's main actor and
  /// `DispatchQueue.main`: without it, a `Task { @MainActor in … }`, a `DispatchQueue.main`
  /// block or the rest of an `await` on the main actor waits until something drains
  /// libdispatch's main queue, which a GLib loop never does by itself.
  ///
  /// Call it once at start-up, before the first task: in `main` before `g_application_run`, or
  /// first thing in the application's `startup` or `activate` handler. Every entry point of the
  /// package (`LoadingWebView`, `HelpDialog`, `TermsDialog`, `TermsDialog.mustShowAgain`,
  /// `prewarm`, `preload`, `BundledScheme.register`) also calls it, but a task that is only
  /// *scheduled* to call one of them does not run before it. Idempotent; any thread.
  ///
  /// ```swift
  /// HelpViewerEngine.integrateMainLoop()
  /// let app = gtk_application_new("org.example.Notes", G_APPLICATION_DEFAULT_FLAGS)
  /// // in activate: Task { @MainActor in await showTermsIfNeeded() }  // runs at once
  /// ```
  nonisolated public static func integrateMainLoop() {
    MainLoop.integrateDispatch()
  }

  /// How many spare web views (each keeping a warm web process) are kept after dialogs close;
  /// 1 by default, 0 turns reuse off.
  public static var spareViewLimit: Int {
    get { ViewPool.limit }
    set { ViewPool.limit = newValue }
  }

  /// Whether a closed dialog's window and web view (not only its web process) are kept, hidden,
  /// for the next dialog, which then needs no new window and no new web view (true by default;
  /// counts as the one spare). Turn it off when the host treats each dialog's `GtkWindow` as
  /// its own (e.g. styles it); the next dialog then gets a new window and a spare web view.
  public static var reusesDialogWindows: Bool {
    get { ViewPool.keepsShells }
    set { ViewPool.keepsShells = newValue }
  }

  /// Whether pages are drawn with hardware acceleration (WebKit's compositor, on the GPU); off
  /// by default. A help page needs none, and without the compositor and its GL contexts a web
  /// process holds about a third of the memory and no longer grows with the first dialogs
  /// (measured under Xvfb: 29 MiB of its own instead of 87). Turn it on, before the first
  /// viewer, for pages with WebGL or heavy CSS animation.
  ///
  /// It applies to the web views made after it is set: setting it drops the kept window, the
  /// spare view and the preloads (`dropSpareViews()`), made with the other policy. A view gets
  /// its policy when it is made and keeps it (WebKit 2.50's web process crashed when a made
  /// view's policy was switched and a view related to it loaded a page).
  ///
  /// ```swift
  /// HelpViewerEngine.hardwareAcceleration = true   // at start-up, before the first viewer
  /// ```
  public static var hardwareAcceleration: Bool {
    get { WebEngine.hardwareAcceleration }
    set {
      guard newValue != WebEngine.hardwareAcceleration else { return }
      WebEngine.hardwareAcceleration = newValue
      dropSpareViews()
    }
  }

  /// How many preloaded pages are kept at most (2 by default); the oldest goes first.
  public static var preloadLimit: Int {
    get { Preloads.limit }
    set { Preloads.limit = newValue }
  }

  /// Starts a web process in the background, so that the first dialog opens warm. Returns at
  /// once; does nothing when a process is already kept.
  public static func prewarm() {
    integrateMainLoop()
    guard !hasSpareView else { return }
    watchMemory()
    ViewPool.prewarm()
  }

  /// Loads `url` in the background for `HelpDialog.present(url, …)`, which then shows it without
  /// a new load. Returns the viewer (not in any window yet), e.g. to watch its state.
  @discardableResult
  public static func preload(_ url: URL) -> LoadingWebView {
    integrateMainLoop()
    watchMemory()
    return Preloads.preload(url) { newViewer($0) }
  }

  /// Releases the spare web views and preloaded pages, and with them their web processes.
  public static func dropSpareViews() {
    Preloads.drop()
    ViewPool.drop()
  }

  /// Whether a spare web view keeps a warm web process for the next dialog.
  public static var hasSpareView: Bool { ViewPool.isWarm }

  /// A viewer let go of `webView` (a dialog's that was not kept, a preload's, a host's own
  /// viewer): its web process goes to the pool (`ViewPool.viewerClosed`).
  static func viewerClosed(_ webView: GObjectRef, isLoading: Bool) {
    watchMemory()
    ViewPool.viewerClosed(webView, isLoading: isLoading)
  }

  /// A viewer for a dialog or a preload (they give their view back), on a pool's spare if any.
  ///
  /// ```swift
  /// let viewer = HelpViewerEngine.newViewer(url)  // loads `url`; `nil` loads nothing yet
  /// ```
  static func newViewer(_ url: URL? = nil) -> LoadingWebView {
    LoadingWebView(parts: nil, spare: ViewPool.take(), url: url)
  }

  /// Keeps a closed dialog's `shell` for the next dialog (`ViewPool.keep`); `false` when not.
  static func keep(_ shell: ViewPool.Shell) -> Bool {
    watchMemory()
    return ViewPool.keep(shell)
  }

  /// A viewer ended its stuck page's web process, which the pool's views may share: they go.
  static func webProcessEnded() {
    ViewPool.dropSpares()
  }

  private static var memoryWatch: SignalConnection?

  /// Drops what is kept (`dropSpareViews()`) when the desktop warns of low memory.
  private static func watchMemory() {
    guard memoryWatch == nil else { return }
    memoryWatch = MemoryMonitor.onLowMemoryWarning { _ in dropSpareViews() }
  }
}
