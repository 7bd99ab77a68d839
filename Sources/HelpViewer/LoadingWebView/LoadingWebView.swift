import Foundation
import HelpViewerCore
import HelpViewerGlue

/// A web view that loads one page, with a spinner while nothing is shown yet, a thin progress
/// bar during loads, and an error view with Retry when the page cannot be shown.
///
/// Put `widget` in any GTK layout. State is observable through `model` (Observation) and
/// `onStateChange`.
///
/// How a WebKit event reaches the spinner: `WebViewEvents` turns each WebKit signal into a
/// `LoadEvent` → `handle(_:)` feeds it to `LoadStateMachine` → the new `LoadState` lands in
/// `model.state` → `render(_:)` shows or hides the spinner, progress bar and error view (both in
/// `LoadingWebView+Events.swift`).
///
/// ```swift
/// let viewer = LoadingWebView(url: URL(string: "https://example.com/help")!)
/// gtk_box_append(box, .init(viewer.widget))
/// viewer.onStateChange = { state in print(state.phase.name) }
/// ```
@MainActor
public final class LoadingWebView {
  /// How long, in seconds, the spinner shows still before it starts spinning (0.3 by default;
  /// 0 spins at once). A quicker load ends before any animation frame is drawn.
  public static var spinnerDelay = 0.3

  /// How the viewer behaves (set at creation; `timeout` may change at any time).
  public private(set) var configuration: ViewerConfiguration
  /// How long a load may take before it fails with `.timedOut`, in seconds.
  public var timeout: Double {
    get { configuration.timeout }
    set { configuration.timeout = newValue }
  }
  /// The bundled copy shown when a page cannot load (`configuration.offlineFallback`); a
  /// `TermsDialog` sets its `offlineCopy` here, so the viewer's one mechanism shows it.
  var offlineFallback: URL? {
    get { configuration.offlineFallback }
    set { configuration.offlineFallback = newValue }
  }
  /// Opens addresses the navigation policy sends outside (default: the desktop's handler).
  public var openExternally: @MainActor (String) -> Void {
    get { navigationGuard.openExternally }
    set { navigationGuard.openExternally = newValue }
  }
  /// Called after every state change, on the main thread.
  public var onStateChange: ((LoadState) -> Void)?
  /// The observable state.
  public let model = LoadingWebViewModel()
  /// The current state.
  public var state: LoadState { model.state }

  /// The widget to put in a layout: a `GtkWidget *`, as an `OpaquePointer` so that it fits
  /// whatever module the host gets GTK from (`UnsafeMutablePointer<GtkWidget>(viewer.widget)`).
  public var widget: OpaquePointer { parts.root.reference.opaque }
  /// The widget to put in a layout, typed.
  var root: Widget { parts.root }

  /// The widgets, new or a closed dialog's (`ViewerParts`).
  let parts: ViewerParts
  /// The web view, typed.
  var page: WebView { parts.page }
  var errorView: ErrorView { parts.errorView }
  var offlineBanner: OfflineBanner { parts.offlineBanner }
  var findBar: FindBar { parts.findBar }
  var spinner: Spinner { parts.spinner }
  var progressBar: ProgressBar { parts.progressBar }
  var stack: Stack { parts.stack }
  /// The text view of the page and what it shows (`LoadingWebView+Text.swift`).
  let pageText: PageText
  /// The web view's user content manager (user scripts, script message handlers).
  var userContentManager: GObjectRef { parts.userContentManager }
  /// The `viewer.*` actions (find, zoom, print), inserted on `widget`.
  public let actions = ViewerActions()
  var lastPhaseForActions = LoadPhase.idle
  let navigationGuard: NavigationGuard
  /// The shortcut controllers the viewer added to its widgets, taken off when it detaches.
  var shortcuts: [ShortcutController] = []
  /// Whether the viewer detached: it loads nothing more (its parts may serve another viewer).
  public private(set) var isDetached = false
  /// Whether the next load must first replace the history an earlier viewer left.
  private var replacesHistory: Bool
  /// On reused parts, the first page's address until its load starts: WebKit's events until
  /// then belong to the empty page the view showed before (`ViewerParts.retire()`).
  var awaitedFirstStart: String?
  /// On reused parts, the first page's address (with a `#section`) while it loads from the
  /// restored history item (see `LoadingWebView+Section.swift`).
  var sectionToScroll: String?
  var machine: LoadStateMachine
  let signals = SignalBag()
  /// The connection to GTK's dark preference (see `LoadingWebView+Theme.swift`).
  let themeSignals = SignalBag()
  /// Keeps Tab from skipping the control after the page (see `TabOutGuard`).
  private var tabOutGuard: TabOutGuard?
  var loadTimer: TimeoutSource?
  /// Notices a page that stops answering (see `PageWatchdog`).
  private(set) var watchdog: PageWatchdog?
  var fallbackStart: TimeoutSource?
  /// Asks again for a load WebKit cancelled on its own (see `LoadRestarter`).
  let restarter = LoadRestarter()
  /// Checks, once WebKit went idle, that it did not drop the load (`watchForDroppedLoad`).
  var dropCheck: TimeoutSource?
  /// Starts the spinner's animation once a load has taken `spinnerDelay`.
  var spinnerStart: TimeoutSource?
  /// Observers inside the package (the dialogs), called before `onStateChange`.
  var observers: [(LoadState) -> Void] = []

  /// A viewer that starts loading `url` at once, or shows nothing until `load` when `nil`.
  public convenience init(url: URL? = nil, configuration: ViewerConfiguration = ViewerConfiguration()) {
    self.init(parts: nil, url: url, configuration: configuration)
  }

  /// A viewer on `recycled` parts (a closed dialog's, after `ViewerParts.retire()`); on new ones
  /// (on `spare`, a pool's web view, when given) when `nil` or when their web view is on another
  /// network session than `configuration` needs (its trusted certificates: `WebEngine`).
  init(
    parts recycled: ViewerParts?, spare: WebEngine.View? = nil, url: URL? = nil,
    configuration: ViewerConfiguration = ViewerConfiguration()
  ) {
    HelpViewerEngine.integrateMainLoop()
    self.configuration = configuration
    machine = LoadStateMachine(httpErrorsAreFailures: configuration.httpErrors == .errorView)
    navigationGuard = NavigationGuard(policy: configuration.navigationPolicy)
    Styles.install()
    let recycled = recycled.flatMap { WebEngine.fits($0.webViewRef, configuration) ? $0 : nil }
    recycled?.reset(for: configuration)
    parts = recycled ?? ViewerParts(configuration, spare: spare)
    replacesHistory = parts.isRecycled
    pageText = PageText(view: parts.textView)

    WebViewEvents.connect(
      page, into: signals, idle: { [weak self] in self?.watchForDroppedLoad() },
      deliver: { [weak self] event in self?.handle(event) })
    navigationGuard.connect(page, into: signals)
    navigationGuard.onRefusedNavigation = { [weak self] in self?.handle(.stopped) }
    navigationGuard.onHelpAddress = { [weak self] address in self?.load(helpAddress: address) }
    refuseDownloads()
    watchdog = PageWatchdog(page, threshold: configuration.unresponsiveTimeout) { [weak self] answers in
      self?.handle(answers ? .responsive : .unresponsive)
    }
    signals += errorView.retryButton.connectClicked { [weak self] in self?.reload() }
    signals += offlineBanner.retryButton.connectClicked { [weak self] in self?.reload() }
    installViewerActions()
    installPageText()
    ScreenReaderWatch.shared.follow(self)
    followTheme()
    releaseFocusTrap()
    tabOutGuard = TabOutGuard(webView: page)
    render(state)
    if let url { load(url) }
  }

  /// On the main thread even when a host drops its last reference elsewhere (e.g. in a
  /// background task): the widgets, signal connections and timers it owns are GTK's, and are
  /// released there. A page stuck in a script would keep its web process spinning after its
  /// view goes (WebKit cannot close a page whose process does not answer): it is ended. A viewer
  /// dropped without `detach()` leaves no listener behind (`DownloadGuard`).
  isolated deinit {
    guard !isDetached else { return }
    if isStuck { endStuckWebProcess() }
    DownloadGuard.stopListening(page)
  }

  /// Loads `url`; an address WebKit must not load (e.g. `javascript:`) fails at once. Returns
  /// the load's number (`LoadState.loadNumber`).
  @discardableResult
  public func load(_ url: URL) -> Int {
    load(address: url.absoluteString)
  }

  /// Loads what a person typed: `example.com`, a full URL, an absolute file path, or a GNOME
  /// `help:` address (shown as a link to it is, `followHelpAddress`). Returns the load's number
  /// (`LoadState.loadNumber`); a detached viewer loads nothing and returns 0.
  @discardableResult
  public func load(address: String) -> Int {
    guard !isDetached else { return 0 }
    let typed = address.trimmingCharacters(in: .whitespacesAndNewlines)
    if typed.lowercased().hasPrefix(NavigationPolicy.helpScheme + ":") {
      navigationGuard.onHelpAddress(typed)
      return machine.state.loadNumber
    }
    startLoad(address)
    return machine.state.loadNumber
  }

  private func startLoad(_ address: String) {
    if !restarter.isAsking { restarter.forget() }
    sectionToScroll = nil
    // A page stuck in a script would take the next load with it: its process goes first.
    if isStuck { endStuckWebProcess() }
    switch URLInput.parse(address, extraSchemes: [BundledAddress.scheme]) {
    case .success(let uri):
      // The page shown, asked for again (the same search, F1 on the same topic): loaded again
      // in place, with no second history entry (WebKit's load of the same address made one).
      if state.phase == .loaded, uri == state.url, !uri.contains("#"), !replacesHistory {
        reload()
        return
      }
      // Another place in the page shown: WebKit scrolls there, with no load event at all.
      if state.phase == .loaded, uri.contains("#"), DocumentAddress.same(uri, state.url), !replacesHistory {
        handle(.sameDocument(url: uri))
        page.load(uri)
        return
      }
      // After a page, WebKit may drop the load without a word (the page's `window.stop()`).
      if state.phase != .idle, !restarter.isAsking {
        restarter.expectStart(within: 3) { [weak self] in self?.handle(.notStarted) }
      }
      handle(.requested(url: uri))
      navigationGuard.expectHostLoad(uri)
      // A reused web view's first page replaces the history the viewer before it left.
      if replacesHistory {
        replacesHistory = false
        if SessionHistory.replace(in: page, with: uri) {
          awaitedFirstStart = uri  // The restored item's address, exactly.
          sectionToScroll = uri.contains("#") ? uri : nil
          return
        }
      }
      page.load(uri)
    case .failure(let error):
      if state.isLoading { page.stopLoading() }
      handle(.rejected(error))
    }
  }

  /// Loads the page again; after a failure (or over the offline copy), loads the address that
  /// failed; while a page loads that shows nothing yet, loads its address again (WebKit's reload
  /// would reload the page shown before it). After `.pageNotResponding`, the page's web process
  /// is ended first and the page loads in a new one.
  public func reload() {
    guard !isDetached else { return }
    if state.error != nil || state.phase == .idle || state.isOfflineCopy || (state.isLoading && !state.hasContent) {
      if let url = state.requestedURL { load(address: url) }
      return
    }
    if let url = state.url ?? state.requestedURL { handle(.requested(url: url)) }
    page.reload()
  }

  /// Stops the current load; what was shown stays, and nothing counts as an error.
  public func stop() {
    guard !isDetached, state.isLoading else { return }
    restarter.forget()
    handle(.stopped)
    page.stopLoading()
  }

  /// Goes back in the page history, when it can. From an error of a page that never showed
  /// (a missing page of a book), back is the page shown before it, still in the web view.
  public func goBack() {
    guard !isDetached, state.canGoBack else { return }
    if machine.returnsFromError {
      handle(.returnedFromError)
    } else {
      page.goBack()
    }
  }

  /// Goes forward in the page history, when it can.
  public func goForward() {
    if !isDetached, state.canGoForward { page.goForward() }
  }

  /// Disconnects from WebKit and stops loading; the viewer shows and loads nothing new
  /// afterwards. Called when the widget's window goes away; safe to call more than once. The web
  /// process stays warm for the next viewer (`HelpViewerEngine`).
  public func detach() {
    guard let left = detachFromWebKit(), !left.wasStuck else { return }
    HelpViewerEngine.viewerClosed(parts.webViewRef, isLoading: left.wasLoading)
  }

  /// `detach()`, leaving the web view to the caller (`DialogOwner` decides whether a dialog's
  /// is kept or retired). Returns whether it was loading and whether its page was stuck (its
  /// web process is ended then); `nil` when the viewer had detached already.
  @discardableResult
  func detachFromWebKit() -> (wasLoading: Bool, wasStuck: Bool)? {
    guard !isDetached else { return nil }
    // A stuck page's process is ended, and its view serves no other viewer.
    let stuck = isStuck
    if stuck { endStuckWebProcess() }
    watchdog?.run(false)
    isDetached = true
    for shortcut in shortcuts { shortcut.remove() }
    shortcuts.removeAll()
    loadTimer?.cancel()
    loadTimer = nil
    fallbackStart?.cancel()
    fallbackStart = nil
    restarter.forget()
    dropCheck = nil
    spinnerStart = nil
    // The dialogs built on the viewer end with it: nothing calls into their widgets any more.
    observers.removeAll()
    signals.disconnectAll()
    navigationGuard.disconnect(page)
    actions.disconnectAll()
    tabOutGuard?.detach()
    themeSignals.disconnectAll()
    let wasLoading = page.isLoading
    page.stopLoading()
    return (wasLoading, stuck)
  }

  /// Calls `answered` once the page's web process answers a trivial question: soon for a page
  /// that responds; not while a script keeps it stuck (the viewer then fails with
  /// `.pageNotResponding` within `configuration.unresponsiveTimeout`).
  ///
  /// ```swift
  /// viewer.whenPageAnswers { print("the page is alive") }
  /// ```
  public func whenPageAnswers(_ answered: @escaping @MainActor () -> Void) {
    guard !isDetached else { return }  // Its web view may be another viewer's now.
    page.askForAnswer(answered)
  }
}
