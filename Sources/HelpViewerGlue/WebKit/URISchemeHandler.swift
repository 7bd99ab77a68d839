import Foundation
import HelpViewerCGtk
import HelpViewerCShim
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

  /// Answers with `data` of type `contentType`, with `headers` (such as a
  /// Content-Security-Policy); does nothing when already answered.
  @MainActor
  public func respond(_ data: Data, contentType: String, headers: [String: String] = [:]) {
    guard !isAnswered else { return }
    let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    let stream = GObjectRef(adoptingNew: g_memory_input_stream_new_from_bytes(bytes))
    g_bytes_unref(bytes)
    respond(stream, length: data.count, contentType: contentType, headers: headers)
  }

  /// Answers with the bytes of the open file `descriptor` (`length` of them), streamed as
  /// WebKit reads them rather than read into memory first; the request owns the descriptor
  /// from now on (closed with the stream, or at once when already answered).
  @MainActor
  public func respond(descriptor: Int32, length: Int, contentType: String, headers: [String: String] = [:]) {
    guard !isAnswered else {
      close(descriptor)
      return
    }
    let stream = GObjectRef(adoptingNew: hv_unix_input_stream_new(descriptor))
    respond(stream, length: length, contentType: contentType, headers: headers)
  }

  @MainActor
  private func respond(_ stream: GObjectRef, length: Int, contentType: String, headers: [String: String]) {
    isAnswered = true
    guard !headers.isEmpty else {
      webkit_uri_scheme_request_finish(request.opaque, stream.pointer(), gint64(length), contentType)
      return
    }
    let response = GObjectRef(adoptingNew: webkit_uri_scheme_response_new(stream.pointer(), gint64(length)))
    webkit_uri_scheme_response_set_content_type(response.opaque, contentType)
    if let fields = soup_message_headers_new(SOUP_MESSAGE_HEADERS_RESPONSE) {
      for (name, value) in headers.sorted(by: { $0.key < $1.key }) { soup_message_headers_append(fields, name, value) }
      webkit_uri_scheme_response_set_http_headers(response.opaque, fields)  // Takes the headers.
    }
    webkit_uri_scheme_request_finish_with_response(request.opaque, response.opaque)
  }

  /// Fails with an error of `domain` (a GError domain of the caller's own, such as
  /// `help-viewer-mallard-render`) and `code`; does nothing when already answered.
  @MainActor
  public func fail(domain: String, code: Int, _ message: String) {
    guard !isAnswered else { return }
    isAnswered = true
    let error = g_error_new_literal(g_quark_from_string(domain), gint(truncatingIfNeeded: code), message)
    webkit_uri_scheme_request_finish_error(request.opaque, error)
    g_error_free(error)
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

/// Serves `scheme:` addresses for every web view of `context` with `handler`. WebKit treats the
/// scheme as secure and as local: pages from the network cannot reach it.
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
    // As `file:` is: a page from the network can neither load, embed, fetch nor open it.
    webkit_security_manager_register_uri_scheme_as_local(security, scheme)
    // A page may fetch from its own origin (Sphinx's search, a book's data); others cannot reach it.
    webkit_security_manager_register_uri_scheme_as_cors_enabled(security, scheme)
  }
}
