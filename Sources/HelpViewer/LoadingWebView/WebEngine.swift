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
    let contentManager = WebObjects.newUserContentManager()
    let view = WebObjects.newWebView(
      session: session, context: sharedContext(), userContent: contentManager,
      hardwareAcceleration: hardwareAcceleration)
    return (view, contentManager)
  }

  /// Whether `view` can serve a viewer with `configuration`: it is on the session that
  /// configuration's trusted certificates call for.
  static func fits(_ view: GObjectRef, _ configuration: ViewerConfiguration) -> Bool {
    if configuration.trustedCertificates.isEmpty { return isShared(view) }
    guard let trusting = trustingSessions[configuration.trustedCertificates] else { return false }
    return WebObjects.view(view, isOn: trusting)
  }

  /// Whether `view` is on the shared session (no certificate trusted), so that the pool and the
  /// next dialog may take it or its web process.
  static func isShared(_ view: GObjectRef) -> Bool {
    guard let session else { return false }
    return WebObjects.view(view, isOn: session)
  }

  /// The ephemeral session of viewers trusting exactly `certificates`.
  private static func session(trusting certificates: [String: String]) -> GObjectRef {
    if let made = trustingSessions[certificates] { return made }
    let made = WebObjects.newEphemeralSession()
    DownloadGuard.watch(made)
    trust(certificates, in: made)
    trustingSessions[certificates] = made
    return made
  }

  /// A new web view sharing `related`'s web process (and context and session), with no page
  /// and no history. With `sharing`, it also shares `related`'s settings and user content
  /// manager; without, it has its own.
  static func newWebView(relatedTo related: GObjectRef, sharing: Bool) -> View {
    if sharing {
      let view = WebObjects.newWebView(relatedTo: related, userContent: nil)
      if let manager = WebObjects.userContentManager(of: view) { return (view, manager) }
    }
    let contentManager = WebObjects.newUserContentManager()
    let view = WebObjects.newWebView(
      relatedTo: related, userContent: contentManager, hardwareAcceleration: hardwareAcceleration)
    return (view, contentManager)
  }

  /// Applies `configuration` to the view's settings (its own, or shared with the pool's hidden
  /// anchor view only; never with another viewer).
  static func configure(_ view: GObjectRef, _ configuration: ViewerConfiguration) {
    // A help viewer needs no back/forward cache of whole pages (memory it would keep per page);
    // with no application name, WebKit's own user agent (settings may be a pooled view's).
    WebView(view).configure(
      javaScript: configuration.javaScriptEnabled, developerTools: configuration.developerToolsEnabled,
      applicationName: configuration.applicationName)
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
    for (host, pem) in certificates where !WebObjects.trust(pem: pem, forHost: host, in: session) {
      Log.message("Ignoring the trusted certificate for \(host): it is not valid PEM.")
    }
  }

  private static func sharedContext() -> GObjectRef {
    if let context { return context }
    // Web processes free their caches from 100 MB on (half of 200 MB), checked every 2 s: the
    // pool keeps one process for many dialogs, which otherwise grows by some MB per page shown.
    // A help viewer needs no browser-sized caches (the document viewer's cache model).
    WebObjects.keepNoIdleWebProcesses()
    let made = WebObjects.newDocumentViewerContext(memoryLimitMB: 200, pollInterval: 2)
    registerURIScheme(BundledAddress.scheme, on: made.opaque) { BundledScheme.serve($0) }
    context = made
    return made
  }

  private static func sharedSession() -> GObjectRef {
    if let session { return session }
    let made = WebObjects.newEphemeralSession()
    DownloadGuard.watch(made)
    session = made
    return made
  }
}
