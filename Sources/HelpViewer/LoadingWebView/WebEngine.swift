import CGtk
import CHelpViewerShim
import CWebKit
import HelpViewerGlue

/// The WebKit objects every viewer of the process shares: one web context and one ephemeral
/// network session, so nothing is written to disk and the process model is set up once.
@MainActor
enum WebEngine {
  private static var context: GObjectRef?
  private static var session: GObjectRef?

  /// A new web view on the shared context and session, with a user content manager of its own
  /// (for scripts and script message handlers); both owned by the caller.
  static func makeWebView() -> (view: GObjectRef, userContentManager: GObjectRef) {
    MainLoop.integrateDispatch()
    let context = sharedContext()
    let session = sharedSession()
    let contentManager = GObjectRef(adoptingNew: webkit_user_content_manager_new())
    let view = GObjectRef(adoptingNew: hv_web_view_new(session.opaque, context.opaque, contentManager.opaque))
    return (view, contentManager)
  }

  private static func sharedContext() -> GObjectRef {
    if let context { return context }
    let made = GObjectRef(adoptingNew: webkit_web_context_new())
    // A help viewer needs no browser-sized caches.
    webkit_web_context_set_cache_model(made.opaque, WEBKIT_CACHE_MODEL_DOCUMENT_VIEWER)
    context = made
    return made
  }

  private static func sharedSession() -> GObjectRef {
    if let session { return session }
    let made = GObjectRef(adoptingNew: webkit_network_session_new_ephemeral())
    session = made
    return made
  }
}
