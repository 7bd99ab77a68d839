import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit

private let schemeTrampoline: WebKitURISchemeRequestCallback = { request, data in
  guard let request, let box = ClosureBox<@MainActor (URISchemeRequest) -> Void>.from(data) else { return }
  let wrapped = URISchemeRequest(request)
  MainActor.assumeIsolated { box.body(wrapped) }
}

/// One request for a custom URI scheme: answer it once with `respond` or `fail`, during the
/// handler's call or later (it holds a reference to WebKit's request until it is freed).
///
/// ```swift
/// registerURIScheme("notes", on: context) { request in
///   Task { @MainActor in request.respond(await page(request.path), contentType: "text/html") }
/// }
/// ```
public final class URISchemeRequest: @unchecked Sendable {
  // Sendable: the reference is only read; answering is main-actor only, and the reference is
  // dropped on the main thread wherever the wrapper is freed (`GObjectRef`).
  private let request: GObjectRef
  /// Whether `respond` or `fail` answered already (a second answer is ignored).
  @MainActor private var isAnswered = false

  init(_ request: OpaquePointer) { self.request = GObjectRef(retaining: UnsafeMutableRawPointer(request)) }

  /// The whole address asked for.
  public var uri: String { webkit_uri_scheme_request_get_uri(request.opaque).map { String(cString: $0) } ?? "" }

  /// The address's path, percent-encoded as it was written.
  public var path: String { webkit_uri_scheme_request_get_path(request.opaque).map { String(cString: $0) } ?? "" }

  /// The address's host part (the bundled folder's name).
  public var host: String { URLComponents(string: uri)?.host ?? "" }

  /// Answers with `data` of type `contentType`; does nothing when already answered.
  @MainActor
  public func respond(_ data: Data, contentType: String) {
    guard !isAnswered else { return }
    isAnswered = true
    let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    let stream = GObjectRef(adoptingNew: g_memory_input_stream_new_from_bytes(bytes))
    g_bytes_unref(bytes)
    webkit_uri_scheme_request_finish(request.opaque, stream.pointer(), gint64(data.count), contentType)
  }

  /// Fails with a GIO error (`G_IO_ERROR_NOT_FOUND`, `G_IO_ERROR_PERMISSION_DENIED`, …); does
  /// nothing when already answered.
  @MainActor
  public func fail(_ code: GIOErrorEnum, _ message: String) {
    guard !isAnswered else { return }
    isAnswered = true
    let error = g_error_new_literal(g_io_error_quark(), gint(code.rawValue), message)
    webkit_uri_scheme_request_finish_error(request.opaque, error)
    g_error_free(error)
  }
}

/// Serves `scheme:` addresses for every web view of `context` with `handler`.
///
/// The closure is owned by the web context and freed with it.
///
/// ```swift
/// registerURIScheme("help-viewer", on: context) { request in request.respond(data, contentType: "text/html") }
/// ```
@MainActor
public func registerURIScheme(
  _ scheme: String, on context: OpaquePointer, _ handler: @escaping @MainActor (URISchemeRequest) -> Void
) {
  let box = ClosureBox(handler)
  webkit_web_context_register_uri_scheme(
    context, scheme, schemeTrampoline, box.retainedPointer(), releaseClosureBoxData)
  if let security = webkit_web_context_get_security_manager(context) {
    webkit_security_manager_register_uri_scheme_as_secure(security, scheme)
  }
}
