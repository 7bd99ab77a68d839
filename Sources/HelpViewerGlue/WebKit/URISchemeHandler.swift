import HelpViewerCGtk
import HelpViewerCWebKit
import Foundation

private let schemeTrampoline: WebKitURISchemeRequestCallback = { request, data in
  guard let request, let box = ClosureBox<@MainActor (URISchemeRequest) -> Void>.from(data) else { return }
  let wrapped = URISchemeRequest(request)
  MainActor.assumeIsolated { box.body(wrapped) }
}

/// One request for a custom URI scheme: answer it exactly once with `respond` or `fail`.
public struct URISchemeRequest: @unchecked Sendable {
  private let request: OpaquePointer

  init(_ request: OpaquePointer) { self.request = request }

  /// The whole address asked for.
  public var uri: String { webkit_uri_scheme_request_get_uri(request).map { String(cString: $0) } ?? "" }

  /// The address's path, percent-encoded as it was written.
  public var path: String { webkit_uri_scheme_request_get_path(request).map { String(cString: $0) } ?? "" }

  /// The address's host part (the bundled folder's name).
  public var host: String { URLComponents(string: uri)?.host ?? "" }

  /// Answers with `data` of type `contentType`.
  @MainActor
  public func respond(_ data: Data, contentType: String) {
    let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    let stream = GObjectRef(adoptingNew: g_memory_input_stream_new_from_bytes(bytes))
    g_bytes_unref(bytes)
    webkit_uri_scheme_request_finish(request, stream.pointer(), gint64(data.count), contentType)
  }

  /// Fails with a GIO error (`G_IO_ERROR_NOT_FOUND`, `G_IO_ERROR_PERMISSION_DENIED`, …).
  @MainActor
  public func fail(_ code: GIOErrorEnum, _ message: String) {
    let error = g_error_new_literal(g_io_error_quark(), gint(code.rawValue), message)
    webkit_uri_scheme_request_finish_error(request, error)
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
