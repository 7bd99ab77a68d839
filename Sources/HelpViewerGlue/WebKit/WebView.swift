import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore

/// A WebKit web view (`WebKitWebView`) seen from Swift: its page, its history moves, its zoom and
/// its web process, typed. Like every `Widget`, the wrapper owns a reference to the view.
///
/// ```swift
/// let page = WebView(reference)           // a view WebEngine made
/// page.load("https://example.org/help")
/// if page.canGoBack { page.goBack() }
/// page.zoomLevel = 1.25
/// ```
@MainActor
public final class WebView: Widget {
  /// Wraps a web view, with a reference of its own.
  public init(_ reference: GObjectRef) {
    super.init(sinking: reference.raw)
  }

  /// The view, for the glue's functions that take it.
  public var view: UnsafeMutablePointer<WebKitWebView> { reference.pointer() }

  /// The address of the page shown or being loaded, or `nil` before the first load.
  public var uri: String? { webkit_web_view_get_uri(view).map { String(cString: $0) } }

  /// Whether a load is under way.
  public var isLoading: Bool { webkit_web_view_is_loading(view) != 0 }

  /// Whether the history has a page before the current one.
  public var canGoBack: Bool { webkit_web_view_can_go_back(view) != 0 }

  /// Whether the history has a page after the current one.
  public var canGoForward: Bool { webkit_web_view_can_go_forward(view) != 0 }

  /// The page's zoom, 1 for 100 %.
  public var zoomLevel: Double {
    get { webkit_web_view_get_zoom_level(view) }
    set { webkit_web_view_set_zoom_level(view, newValue) }
  }

  /// What shows before the first paint and behind pages without a background of their own.
  public var backgroundColor: Color {
    get {
      var color = GdkRGBA()
      webkit_web_view_get_background_color(view, &color)
      return Color(red: Double(color.red), green: Double(color.green), blue: Double(color.blue))
    }
    set {
      var color = GdkRGBA(red: Float(newValue.red), green: Float(newValue.green), blue: Float(newValue.blue), alpha: 1)
      webkit_web_view_set_background_color(view, &color)
    }
  }

  /// Starts loading `uri`.
  public func load(_ uri: String) { webkit_web_view_load_uri(view, uri) }

  /// Shows `html` as a page whose address is `base` (`nil`: `about:blank`).
  public func loadHTML(_ html: String, base: String?) { webkit_web_view_load_html(view, html, base) }

  /// Loads the page shown again.
  public func reload() { webkit_web_view_reload(view) }

  /// Stops the load under way, if any (WebKit reports it cancelled).
  public func stopLoading() { webkit_web_view_stop_loading(view) }

  /// Goes to the page before in the history.
  public func goBack() { webkit_web_view_go_back(view) }

  /// Goes to the page after in the history.
  public func goForward() { webkit_web_view_go_forward(view) }

  /// Ends the page's web process (WebKit reports it terminated; the next load starts another).
  public func terminateWebProcess() { webkit_web_view_terminate_web_process(view) }

  /// Whether WebKit considers the page's web process responsive.
  public var isWebProcessResponsive: Bool { view.isWebProcessResponsive }

  /// Asks the page's web process for a trivial answer: `answered` runs once when any answer
  /// comes, not while the page is stuck in a script.
  public func askForAnswer(_ answered: @escaping @MainActor () -> Void) { view.askForAnswer(answered) }

  /// Runs `script` in the page's isolated world `world`, not waiting for an answer.
  public func runIsolatedScript(_ script: String, world: String) { view.runIsolatedScript(script, world: world) }

  /// Runs `script` in the page's isolated world `world`; `answered` gets its value as a string
  /// (`nil` for another type or an error).
  public func evaluateIsolatedScript(
    _ script: String, world: String, _ answered: @escaping @MainActor (String?) -> Void
  ) {
    view.evaluateIsolatedScript(script, world: world, answered)
  }

  /// The main document shown now, with the response headers named in `headers`.
  public func mainResourceData(headers: [String] = []) async throws(PlatformError) -> MainResourceData {
    try await view.mainResourceData(headers: headers)
  }

  /// Calls `handler` whenever the view's `property` changes (`"zoom-level"`, `"is-loading"`).
  public func onChange(of property: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connectNotify(raw, property: property, handler)
  }
}
