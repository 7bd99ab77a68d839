import HelpViewerCGtk
import HelpViewerCShim
import HelpViewerCWebKit

/// Makes the WebKit objects a viewer stands on: web views, their user content managers, network
/// sessions and web contexts, each returned owned.
///
/// ```swift
/// let session = WebObjects.newEphemeralSession()
/// let context = WebObjects.newDocumentViewerContext(memoryLimitMB: 200, pollInterval: 2)
/// let content = WebObjects.newUserContentManager()
/// let view = WebObjects.newWebView(session: session, context: context, userContent: content)
/// ```
@MainActor
public enum WebObjects {
  /// A new web view on `session` and `context` with the user content manager `userContent`,
  /// compositing with hardware acceleration or not.
  public static func newWebView(
    session: GObjectRef, context: GObjectRef, userContent: GObjectRef, hardwareAcceleration: Bool = false
  ) -> GObjectRef {
    GObjectRef(
      adoptingNew: hv_web_view_new(session.opaque, context.opaque, userContent.opaque, hardwareAcceleration ? 1 : 0))
  }

  /// A new web view sharing `related`'s web process, context and session, with the user content
  /// manager `userContent`; with `nil`, it shares `related`'s settings and user content manager.
  public static func newWebView(
    relatedTo related: GObjectRef, userContent: GObjectRef?, hardwareAcceleration: Bool = false
  ) -> GObjectRef {
    GObjectRef(
      adoptingNew: hv_web_view_new_related(related.pointer(), userContent?.opaque, hardwareAcceleration ? 1 : 0))
  }

  /// A new, empty user content manager.
  public static func newUserContentManager() -> GObjectRef {
    GObjectRef(adoptingNew: webkit_user_content_manager_new())
  }

  /// The user content manager of `view`, with a reference of its own.
  public static func userContentManager(of view: GObjectRef) -> GObjectRef? {
    webkit_web_view_get_user_content_manager(view.pointer()).map {
      GObjectRef(retaining: UnsafeMutableRawPointer($0))
    }
  }

  /// A new ephemeral network session: no cookie, cache or credential reaches the disk.
  public static func newEphemeralSession() -> GObjectRef {
    GObjectRef(adoptingNew: webkit_network_session_new_ephemeral())
  }

  /// Whether `view` is on `session`.
  public static func view(_ view: GObjectRef, isOn session: GObjectRef) -> Bool {
    webkit_web_view_get_network_session(view.pointer()) == session.opaque
  }

  /// Lets `session` accept `pem`, a certificate in PEM form, for `host`; `false` when `pem` is
  /// not a valid certificate.
  public static func trust(pem: String, forHost host: String, in session: GObjectRef) -> Bool {
    var error: UnsafeMutablePointer<GError>?
    guard let certificate = g_tls_certificate_new_from_pem(pem, -1, &error) else {
      g_clear_error(&error)
      return false
    }
    webkit_network_session_allow_tls_certificate_for_host(session.opaque, certificate, host)
    g_object_unref(certificate)
    return true
  }

  /// A new web context whose web processes free their caches from half of `memoryLimitMB` on,
  /// checked every `pollInterval` seconds, with the document viewer's cache model.
  public static func newDocumentViewerContext(memoryLimitMB: UInt32, pollInterval: Double) -> GObjectRef {
    let made = GObjectRef(adoptingNew: hv_web_context_new(memoryLimitMB, pollInterval))
    webkit_web_context_set_cache_model(made.opaque, WEBKIT_CACHE_MODEL_DOCUMENT_VIEWER)
    return made
  }

  /// Makes the contexts made from now on keep no idle web processes: a closed view's process
  /// ends unless another view uses it.
  ///
  /// WebKit keeps the process of a closed view, one per site, for a later view of that site
  /// (its web process cache: up to 30 processes, each for up to 5 minutes), unless the cache
  /// model is `DOCUMENT_VIEWER`. It sizes that cache once, when a context is made, from a
  /// process-wide setting that a context's `set_cache_model` changes: setting the model on the
  /// shared context after making it left every closed viewer's process running (measured with
  /// WebKitGTK 2.50: still there 15 s after its view was freed; issue 21 saw 8 at once six
  /// minutes into the test suite). So the model is set first, on a throwaway context, which
  /// starts no process.
  ///
  /// ```swift
  /// WebObjects.keepNoIdleWebProcesses()
  /// let context = WebObjects.newDocumentViewerContext(memoryLimitMB: 200, pollInterval: 2)
  /// ```
  public static func keepNoIdleWebProcesses() {
    let primer = GObjectRef(adoptingNew: webkit_web_context_new())
    webkit_web_context_set_cache_model(primer.opaque, WEBKIT_CACHE_MODEL_DOCUMENT_VIEWER)
  }
}

extension WebView {
  /// Sets the view's settings: scripts, developer tools, the page cache (off: a help viewer
  /// keeps no whole pages for Back), and the user agent (`applicationName`, "Name" or
  /// "Name/Version", added to WebKit's; `nil`: WebKit's own).
  public func configure(javaScript: Bool, developerTools: Bool, applicationName: String?) {
    let settings = webkit_web_view_get_settings(view)
    webkit_settings_set_enable_javascript(settings, javaScript ? 1 : 0)
    webkit_settings_set_enable_developer_extras(settings, developerTools ? 1 : 0)
    webkit_settings_set_enable_page_cache(settings, 0)
    if let applicationName {
      let parts = applicationName.split(separator: "/", maxSplits: 1).map(String.init)
      webkit_settings_set_user_agent_with_application_details(settings, parts.first, parts.count > 1 ? parts[1] : nil)
    } else {
      webkit_settings_set_user_agent(settings, nil)
    }
  }
}
