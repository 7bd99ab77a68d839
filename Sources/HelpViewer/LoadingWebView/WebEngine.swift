import HelpViewerCGtk
import HelpViewerCShim
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue

/// The WebKit objects every viewer of the process shares: one web context and one ephemeral
/// network session, so nothing is written to disk and the process model is set up once. Every
/// session it makes refuses downloads (`DownloadGuard`). A web process ends with the last view
/// that uses it: WebKit keeps no idle ones (`keepNoIdleWebProcesses()`); the pool's spare or a
/// kept dialog window is the one process kept for the next viewer (`ViewPool`).
///
/// Trusted certificates are scoped to the viewers that name them: WebKit can only add a trusted
/// certificate to a whole network session (and never take it back), so a viewer whose
/// configuration trusts certificates gets an ephemeral session of its own, shared only with
/// viewers that trust exactly the same certificates. Its web view never goes to the pool or to
/// the next dialog, which use the shared session.
@MainActor
enum WebEngine {
  private static var context: GObjectRef?
  private static var session: GObjectRef?
  /// The sessions of viewers that trust certificates, one per distinct set (host → PEM).
  private static var trustingSessions: [[String: String]: GObjectRef] = [:]
  /// Whether the views made from now on composite with hardware acceleration
  /// (`HelpViewerEngine.hardwareAcceleration`); a view keeps the policy it was made with.
  static var hardwareAcceleration = false

  /// A web view and its user content manager (for scripts and script message handlers), both
  /// owned by the holder.
  typealias View = (view: GObjectRef, userContentManager: GObjectRef)

  /// A web view on the shared context and on the session `configuration` needs, set up as it
  /// says. On the shared session, `spare` (a pool's: a warm web process, no page, no history)
  /// when given, else a new one; a viewer trusting certificates never takes a spare.
  ///
  /// ```swift
  /// let made = WebEngine.makeWebView(configuration, spare: ViewPool.take())
  /// ```
  static func makeWebView(_ configuration: ViewerConfiguration, spare: View? = nil) -> View {
    let certificates = configuration.trustedCertificates
    let made = certificates.isEmpty ? spare ?? newWebView() : newWebView(in: session(trusting: certificates))
    configure(made.view, configuration)
    return made
  }

  /// A new web view on the shared session that starts its own web process when it first loads.
  static func newWebView() -> View {
    newWebView(in: sharedSession())
  }

  private static func newWebView(in session: GObjectRef) -> View {
    MainLoop.integrateDispatch()
    let contentManager = GObjectRef(adoptingNew: webkit_user_content_manager_new())
    let view = GObjectRef(
      adoptingNew: hv_web_view_new(
        session.opaque, sharedContext().opaque, contentManager.opaque, hardwareAcceleration ? 1 : 0))
    return (view, contentManager)
  }

  /// Whether `view` can serve a viewer with `configuration`: it is on the session that
  /// configuration's trusted certificates call for.
  static func fits(_ view: GObjectRef, _ configuration: ViewerConfiguration) -> Bool {
    guard let session = webkit_web_view_get_network_session(view.pointer()) else { return false }
    if configuration.trustedCertificates.isEmpty { return isShared(session) }
    return trustingSessions[configuration.trustedCertificates]?.opaque == session
  }

  /// Whether `view` is on the shared session (no certificate trusted), so that the pool and the
  /// next dialog may take it or its web process.
  static func isShared(_ view: GObjectRef) -> Bool {
    webkit_web_view_get_network_session(view.pointer()).map(isShared) ?? false
  }

  private static func isShared(_ session: OpaquePointer) -> Bool {
    self.session?.opaque == session
  }

  /// The ephemeral session of viewers trusting exactly `certificates`.
  private static func session(trusting certificates: [String: String]) -> GObjectRef {
    if let made = trustingSessions[certificates] { return made }
    let made = GObjectRef(adoptingNew: webkit_network_session_new_ephemeral())
    DownloadGuard.watch(made)
    trust(certificates, in: made)
    trustingSessions[certificates] = made
    return made
  }

  /// A new web view sharing `related`'s web process (and context and session), with no page
  /// and no history. With `sharing`, it also shares `related`'s settings and user content
  /// manager; without, it has its own.
  static func newWebView(relatedTo related: GObjectRef, sharing: Bool) -> View {
    let relatedView: UnsafeMutablePointer<WebKitWebView> = related.pointer()
    if sharing {
      let view = GObjectRef(adoptingNew: hv_web_view_new_related(relatedView, nil, 0))
      if let manager = webkit_web_view_get_user_content_manager(view.pointer()) {
        return (view, GObjectRef(retaining: UnsafeMutableRawPointer(manager)))
      }
    }
    let contentManager = GObjectRef(adoptingNew: webkit_user_content_manager_new())
    let view = GObjectRef(
      adoptingNew: hv_web_view_new_related(relatedView, contentManager.opaque, hardwareAcceleration ? 1 : 0))
    return (view, contentManager)
  }

  /// Applies `configuration` to the view's settings (its own, or shared with the pool's hidden
  /// anchor view only; never with another viewer).
  static func configure(_ view: GObjectRef, _ configuration: ViewerConfiguration) {
    let settings = webkit_web_view_get_settings(view.pointer())
    webkit_settings_set_enable_javascript(settings, configuration.javaScriptEnabled ? 1 : 0)
    webkit_settings_set_enable_developer_extras(settings, configuration.developerToolsEnabled ? 1 : 0)
    // A help viewer needs no back/forward cache of whole pages: memory it would keep per page.
    webkit_settings_set_enable_page_cache(settings, 0)
    if let name = configuration.applicationName {
      let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
      webkit_settings_set_user_agent_with_application_details(settings, parts.first, parts.count > 1 ? parts[1] : nil)
    } else {
      webkit_settings_set_user_agent(settings, nil)  // Settings may be a pooled view's, shared.
    }
  }

  /// Removes the scripts, style sheets, filters and the package's script message handler that a
  /// viewer added to a user content manager the next viewer takes over.
  static func scrub(_ userContentManager: GObjectRef) {
    let content = UserContent(userContentManager)
    content.removeAll()
    content.unregisterMessageHandler(EndOfDocumentWatcher.handlerName, world: EndOfDocumentWatcher.worldName)
  }

  /// Forgets the shared network session and the trusting viewers' sessions: the next viewer
  /// gets a new ephemeral session (no cookies or caches of an earlier one). Views made before
  /// keep theirs. For a reset between tests (`HelpViewerEngine.reset()`), after the spare and
  /// kept views were dropped.
  static func forgetSession() {
    session = nil
    trustingSessions = [:]
  }

  /// Lets `session` (only ever a trusting viewer's) accept each host's named certificate, and
  /// nothing else that fails.
  private static func trust(_ certificates: [String: String], in session: GObjectRef) {
    for (host, pem) in certificates {
      var error: UnsafeMutablePointer<GError>?
      guard let certificate = g_tls_certificate_new_from_pem(pem, -1, &error) else {
        Log.message("Ignoring the trusted certificate for \(host): it is not valid PEM.")
        g_clear_error(&error)
        continue
      }
      webkit_network_session_allow_tls_certificate_for_host(session.opaque, certificate, host)
      g_object_unref(certificate)
    }
  }

  private static func sharedContext() -> GObjectRef {
    if let context { return context }
    // Web processes free their caches from 100 MB on (half of 200 MB), checked every 2 s: the
    // pool keeps one process for many dialogs, which otherwise grows by some MB per page shown.
    keepNoIdleWebProcesses()
    let made = GObjectRef(adoptingNew: hv_web_context_new(200, 2))
    // A help viewer needs no browser-sized caches.
    webkit_web_context_set_cache_model(made.opaque, WEBKIT_CACHE_MODEL_DOCUMENT_VIEWER)
    registerURIScheme(BundledAddress.scheme, on: made.opaque) { BundledScheme.serve($0) }
    context = made
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
  /// keepNoIdleWebProcesses()
  /// let context = GObjectRef(adoptingNew: hv_web_context_new(200, 2))  // caches no process
  /// ```
  private static func keepNoIdleWebProcesses() {
    let primer = GObjectRef(adoptingNew: webkit_web_context_new())
    webkit_web_context_set_cache_model(primer.opaque, WEBKIT_CACHE_MODEL_DOCUMENT_VIEWER)
  }

  private static func sharedSession() -> GObjectRef {
    if let session { return session }
    let made = GObjectRef(adoptingNew: webkit_network_session_new_ephemeral())
    DownloadGuard.watch(made)
    session = made
    return made
  }
}
