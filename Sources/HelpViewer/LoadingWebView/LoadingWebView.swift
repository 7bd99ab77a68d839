import CGtk
import CWebKit
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
/// `model.state` → `render(_:)` shows or hides the spinner, progress bar and error view.
///
/// ```swift
/// let viewer = LoadingWebView(url: URL(string: "https://example.com/help")!)
/// gtk_box_append(box, viewer.widget)
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

  /// The widget to put in a layout.
  public var widget: UnsafeMutablePointer<GtkWidget> { root.widget }

  let webView: UnsafeMutablePointer<WebKitWebView>
  let errorView = ErrorView()
  let offlineBanner = OfflineBanner()
  let findBar = FindBar()
  /// The `viewer.*` actions (find, zoom, print), inserted on `widget`.
  public let actions = ViewerActions()
  var lastPhaseForActions = LoadPhase.idle
  let navigationGuard: NavigationGuard
  let spinner: OpaquePointer
  let progressBar: OpaquePointer
  private let root: GObjectRef
  let stack: OpaquePointer
  private let webViewRef: GObjectRef
  /// The web view's user content manager (user scripts, script message handlers).
  let userContentManager: GObjectRef
  private var machine: LoadStateMachine
  let signals = SignalBag()
  /// The connection to GTK's dark preference (see `LoadingWebView+Theme.swift`).
  let themeSignals = SignalBag()
  /// Keeps Tab from skipping the control after the page (see `TabOutGuard`).
  private var tabOutGuard: TabOutGuard?
  private var loadTimer: TimeoutSource?
  private var fallbackStart: TimeoutSource?
  /// Starts the spinner's animation once a load has taken `spinnerDelay`.
  private var spinnerStart: TimeoutSource?
  /// Observers inside the package (the dialogs), called before `onStateChange`.
  private var observers: [(LoadState) -> Void] = []

  /// A viewer that starts loading `url` at once, or shows nothing until `load` when `nil`.
  public init(url: URL? = nil, configuration: ViewerConfiguration = ViewerConfiguration()) {
    self.configuration = configuration
    machine = LoadStateMachine(httpErrorsAreFailures: configuration.httpErrors == .errorView)
    navigationGuard = NavigationGuard(policy: configuration.navigationPolicy)
    Styles.install()
    (webViewRef, userContentManager) = WebEngine.makeWebView(configuration)
    webView = webViewRef.pointer()
    gtk_widget_set_hexpand(webViewRef.widget, 1)
    gtk_widget_set_vexpand(webViewRef.widget, 1)

    stack = gcast(gtk_stack_new()!)
    gtk_stack_add_named(stack, webViewRef.widget, "page")
    gtk_stack_add_named(stack, errorView.root.widget, "error")

    spinner = gcast(gtk_spinner_new()!)
    gtk_widget_set_size_request(gcast(spinner), 32, 32)
    gtk_widget_set_halign(gcast(spinner), GTK_ALIGN_CENTER)
    gtk_widget_set_valign(gcast(spinner), GTK_ALIGN_CENTER)
    gtk_widget_set_can_target(gcast(spinner), 0)
    gtk_widget_set_tooltip_text(gcast(spinner), localized("Loading"))
    UnsafeMutablePointer<GtkWidget>(gcast(spinner)).setAccessibleLabel(localized("Loading"))

    progressBar = gcast(gtk_progress_bar_new()!)
    gtk_widget_add_css_class(gcast(progressBar), "help-viewer-progress")
    gtk_widget_set_valign(gcast(progressBar), GTK_ALIGN_START)
    gtk_widget_set_hexpand(gcast(progressBar), 1)
    gtk_widget_set_can_target(gcast(progressBar), 0)

    let overlay: OpaquePointer = gcast(gtk_overlay_new()!)
    gtk_overlay_set_child(overlay, gcast(stack))
    gtk_overlay_add_overlay(overlay, gcast(spinner))
    gtk_overlay_add_overlay(overlay, offlineBanner.root.widget)
    gtk_overlay_add_overlay(overlay, gcast(progressBar))
    gtk_overlay_add_overlay(overlay, findBar.root.widget)
    root = GObjectRef(adoptingNonNil: overlay)
    gtk_widget_add_css_class(root.widget, "help-viewer")

    WebViewEvents.connect(webView, into: signals) { [weak self] event in self?.handle(event) }
    navigationGuard.connect(webView, into: signals)
    navigationGuard.onRefusedResponse = { [weak self] uri in
      let error = LoadError(
        .cannotShowContent, url: uri, details: "Downloads and files WebKit cannot show are refused.")
      self?.handle(.refused(error))
    }
    signals += errorView.retryButton.connectClicked { [weak self] in self?.reload() }
    signals += offlineBanner.retryButton.connectClicked { [weak self] in self?.reload() }
    installViewerActions()
    followTheme()
    releaseFocusTrap()
    tabOutGuard = TabOutGuard(webView: webView)
    render(state)
    if let url { load(url) }
  }

  /// Loads `url`; an address WebKit must not load (e.g. `javascript:`) fails at once.
  public func load(_ url: URL) {
    load(address: url.absoluteString)
  }

  /// Loads what a person typed: `example.com`, a full URL, or an absolute file path.
  public func load(address: String) {
    switch URLInput.parse(address, extraSchemes: [BundledAddress.scheme]) {
    case .success(let uri):
      handle(.requested(url: uri))
      navigationGuard.expectHostLoad(uri)
      webkit_web_view_load_uri(webView, uri)
    case .failure(let error):
      if state.isLoading { webkit_web_view_stop_loading(webView) }
      handle(.rejected(error))
    }
  }

  /// Loads the page again; after a failure (or over the offline copy), loads the address that
  /// failed.
  public func reload() {
    if state.error != nil || state.phase == .idle || state.isOfflineCopy {
      if let url = state.requestedURL { load(address: url) }
      return
    }
    if let url = state.url ?? state.requestedURL { handle(.requested(url: url)) }
    webkit_web_view_reload(webView)
  }

  /// Stops the current load; what was shown stays, and nothing counts as an error.
  public func stop() {
    guard state.isLoading else { return }
    handle(.stopped)
    webkit_web_view_stop_loading(webView)
  }

  /// Goes back in the page history, when it can.
  public func goBack() {
    if state.canGoBack { webkit_web_view_go_back(webView) }
  }

  /// Goes forward in the page history, when it can.
  public func goForward() {
    if state.canGoForward { webkit_web_view_go_forward(webView) }
  }

  /// Disconnects from WebKit and stops loading; the viewer shows nothing new afterwards.
  /// Called when the widget's window goes away; safe to call more than once. The web process
  /// stays warm for the next viewer (`HelpViewerEngine`).
  public func detach() {
    loadTimer?.cancel()
    loadTimer = nil
    spinnerStart = nil
    signals.disconnectAll()
    actions.disconnectAll()
    tabOutGuard?.detach()
    themeSignals.disconnectAll()
    let wasLoading = webkit_web_view_is_loading(webView) != 0
    webkit_web_view_stop_loading(webView)
    ViewPool.viewerClosed(webViewRef, isLoading: wasLoading)
  }

  // MARK: - Event → state → widgets

  func handle(_ event: LoadEvent) {
    switch event {
    case .requested, .started, .fallback: armTimeout()
    default: break
    }
    guard machine.handle(event) else { return }
    let state = machine.state
    if let error = state.error, let fallback = fallbackAddress(after: error) {
      // Show the bundled copy instead, with a note; the failed address stays the one to retry.
      // On the next turn of the loop, once WebKit is done with the failed load (a timeout
      // stops it after this returns).
      fallbackStart = TimeoutSource(seconds: 0) { [weak self] in
        guard let self, self.machine.state.error == error else { return }
        self.handle(.fallback(url: fallback, reason: error))
        self.navigationGuard.expectHostLoad(fallback)
        webkit_web_view_load_uri(self.webView, fallback)
      }
      return
    }
    if !state.isLoading {
      loadTimer?.cancel()
      loadTimer = nil
    }
    let previous = model.state.phase
    model.state = state
    render(state)
    settleFocus(state, previous: previous)
    for observer in observers { observer(state) }
    onStateChange?(state)
  }

  /// The offline copy to show after `error`, when there is one and it was not what failed.
  private func fallbackAddress(after error: LoadError) -> String? {
    guard let fallback = configuration.offlineFallback?.absoluteString, !state.isOfflineCopy,
      fallback != state.url, error.kind != .invalidURL, error.kind != .unsupportedScheme
    else { return nil }
    return fallback
  }

  /// Calls `observer` now and after every state change (for the dialogs built on the viewer).
  func observe(_ observer: @escaping (LoadState) -> Void) {
    observers.append(observer)
    observer(state)
  }

  private func armTimeout() {
    loadTimer?.cancel()
    loadTimer = TimeoutSource(seconds: timeout) { [weak self] in
      guard let self, self.state.isLoading else { return }
      self.handle(.timedOut)
      webkit_web_view_stop_loading(self.webView)
    }
  }

  /// The spinner shows at once but spins only once the load has taken `spinnerDelay`: every
  /// animation frame redraws the window, which on a software renderer costs more than a quick
  /// load itself (measured: a warm open 140 → 110 ms).
  private func animateSpinner(_ shows: Bool) {
    guard shows else {
      spinnerStart = nil
      gtk_spinner_stop(spinner)
      return
    }
    guard spinnerStart?.isPending != true, gtk_spinner_get_spinning(spinner) == 0 else { return }
    spinnerStart = TimeoutSource(seconds: Self.spinnerDelay) { [weak self] in
      guard let self, self.state.showsSpinner else { return }
      gtk_spinner_start(self.spinner)
    }
  }

  private func render(_ state: LoadState) {
    offlineBanner.render(state)
    renderAccessibility(state)
    gtk_widget_set_visible(gcast(spinner), state.showsSpinner ? 1 : 0)
    animateSpinner(state.showsSpinner)
    gtk_widget_set_visible(gcast(progressBar), state.showsProgress ? 1 : 0)
    gtk_progress_bar_set_fraction(progressBar, state.progress)
    if let error = state.error {
      errorView.show(error)
      gtk_stack_set_visible_child_name(stack, "error")
    } else {
      gtk_stack_set_visible_child_name(stack, "page")
    }
  }
}
