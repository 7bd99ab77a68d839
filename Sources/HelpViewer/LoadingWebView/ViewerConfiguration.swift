import Foundation
import HelpViewerCore

/// How a `LoadingWebView` behaves: timeouts, HTTP errors, the offline copy, navigation policy,
/// scripts and privacy.
///
/// ```swift
/// var configuration = ViewerConfiguration()
/// configuration.offlineFallback = BundledScheme.url("terms.html", in: "notes")
/// configuration.applicationName = "Notebook/1.2"
/// let viewer = LoadingWebView(url: termsURL, configuration: configuration)
/// ```
public struct ViewerConfiguration: Sendable {
  /// What a page with HTTP status ≥ 400 shows.
  public enum HTTPErrorDisplay: Sendable {
    /// The viewer's error view (`LoadError.Kind.httpError`), the default.
    case errorView
    /// The server's own error page, as a loaded page (the state still has `httpStatus`).
    case serverPage
  }

  /// How long a load may take before it fails with `.timedOut`, in seconds.
  public var timeout: Double = 30
  /// How long, in seconds, a page may leave the viewer's questions unanswered (a script that
  /// never returns) before it fails with `.pageNotResponding`; 10 by default, like Firefox's
  /// slow-script limit. Not much less: laying out a 5 MB page keeps WebKit's web process from
  /// answering for about 5 s on an idle 2-core machine, and that page is busy, not stuck.
  public var unresponsiveTimeout: Double = 10
  /// What a page with HTTP status ≥ 400 shows.
  public var httpErrors: HTTPErrorDisplay = .errorView
  /// A bundled page shown, with a note saying so, when the page asked for cannot load.
  public var offlineFallback: URL?
  /// Which page navigations stay in the viewer; by default the first page's host and bundled
  /// pages. Everything else opens in the person's default browser.
  public var navigationPolicy = NavigationPolicy()
  /// Whether pages may run JavaScript.
  public var javaScriptEnabled = true
  /// Whether WebKit's developer tools (the inspector) are available.
  public var developerToolsEnabled = false
  /// Appended to WebKit's user agent, e.g. `"Notebook/1.2"`.
  public var applicationName: String?
  /// Certificates the host app trusts for a host although they do not verify (e.g. a
  /// self-signed intranet server): host → PEM text. Never anything else is bypassed.
  public var trustedCertificates: [String: String] = [:]
  /// The zoom level a viewer starts at and `resetZoom()` returns to (1 is 100 %; clamped to
  /// `ZoomLevels.range`, 0.3…3).
  public var defaultZoomLevel: Double = 1

  public init() {}
}
