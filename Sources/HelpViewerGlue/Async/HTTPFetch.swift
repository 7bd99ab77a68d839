import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore

/// `accept-certificate` of a `SoupMessage`: accepts a certificate that fails verification only
/// when it is exactly the one trusted for the message's host (after redirects, the host of the
/// address redirected to).
private let acceptCertificateTrampoline:
  @convention(c) (
    OpaquePointer?, UnsafeMutablePointer<GTlsCertificate>?, GTlsCertificateFlags, UnsafeMutableRawPointer?
  )
    -> gboolean = { message, peer, _, data in
      guard let message, let peer, let box = ClosureBox<[String: String]>.from(data),
        let address = soup_message_get_uri(message), let host = g_uri_get_host(address),
        let pem = box.body[String(cString: host)]
      else { return 0 }
      var error: UnsafeMutablePointer<GError>?
      guard let trusted = g_tls_certificate_new_from_pem(pem, -1, &error) else {
        g_clear_error(&error)
        return 0
      }
      defer { g_object_unref(trusted) }
      return g_tls_certificate_is_same(trusted, peer)
    }

/// One HTTP GET with libsoup on the GLib main loop, without any window: redirects followed,
/// content encoding undone, the body read whole up to a limit (10 MB unless told), and stopped
/// at once when the task awaiting it is cancelled.
///
/// ```swift
/// let response = try await HTTPFetch.get("https://example.com/terms", headers: ["ETag"])
/// print(response.status, response.finalURI, response.bytes.count)
/// ```
public enum HTTPFetch {
  /// What the server answered.
  public struct Response: Sendable, Equatable {
    /// The HTTP status of the last response (after redirects).
    public var status: Int
    /// The address of the last response (after redirects).
    public var finalURI: String
    /// The asked-for response headers that were present, by the name they were asked for.
    public var headers: [String: String]
    /// The body.
    public var bytes: [UInt8]
  }

  /// The most bytes of a body `get` reads unless told otherwise: 10 MB.
  public static let bodyLimit = 10 * 1024 * 1024
  /// The `PlatformError` code (domain `help-viewer`) of a body larger than the limit.
  public static let bodyTooLargeCode = 3

  /// GETs `uri`; throws a `PlatformError` when the address does not parse (domain `help-viewer`,
  /// code 2), the body is larger than `bodyLimit` bytes (domain `help-viewer`, code
  /// `bodyTooLargeCode`; reading stops there) or the request fails (libsoup's or GIO's error),
  /// and `CancellationError` when the task awaiting it is cancelled (the request is cancelled
  /// with it). Any HTTP status is an answer, not an error.
  ///
  /// `trustedCertificates` (host → PEM) accepts, for this request only, a certificate that does
  /// not verify when it is exactly the one named for the host it came from; any other
  /// certificate error fails the request (`G_TLS_ERROR`).
  @MainActor
  public static func get(
    _ uri: String, headers names: [String] = [], trustedCertificates: [String: String] = [:],
    timeout seconds: UInt32 = 30, bodyLimit limit: Int = bodyLimit
  ) async throws -> Response {
    try Task.checkCancellation()
    guard let message = soup_message_new("GET", uri) else {
      throw PlatformError(domain: "help-viewer", code: 2, message: "“\(uri)” is not an HTTP address.")
    }
    let ownedMessage = GObjectRef(adoptingNonNil: message)
    if !trustedCertificates.isEmpty {
      // The message owns the box; it goes with the message.
      _ = connect(
        UnsafeMutableRawPointer(message), "accept-certificate", box: ClosureBox(trustedCertificates),
        trampoline: unsafeBitCast(acceptCertificateTrampoline, to: GCallback.self))
    }
    let session = GObjectRef(adoptingNew: soup_session_new())
    soup_session_set_timeout(session.pointer(), seconds)
    let cancellable = GObjectRef(adoptingNew: g_cancellable_new())
    // Thread-safe, and alive until `get` returns: the handler runs only while it waits.
    nonisolated(unsafe) let toCancel: UnsafeMutablePointer<GCancellable> = cancellable.pointer()
    let reader = HTTPBodyReader(session: session, message: ownedMessage, cancellable: cancellable, limit: limit)
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in reader.start { continuation.resume(returning: $0) } }
    } onCancel: {
      g_cancellable_cancel(toCancel)
    }
    if Task.isCancelled { throw CancellationError() }
    let bytes = try result.get()
    var response = Response(
      status: Int(soup_message_get_status(ownedMessage.opaque).rawValue), finalURI: uri, headers: [:], bytes: bytes)
    if let final = soup_message_get_uri(ownedMessage.opaque), let text = g_uri_to_string(final) {
      response.finalURI = String(cString: text)
      g_free(text)
    }
    if let fields = soup_message_get_response_headers(ownedMessage.opaque) {
      for name in names {
        if let value = soup_message_headers_get_one(fields, name) { response.headers[name] = String(cString: value) }
      }
    }
    return response
  }
}
