import HelpViewerCGtk
import HelpViewerCWebKit

/// One HTTP GET with libsoup on the GLib main loop, without any window: redirects followed,
/// content encoding undone, the body read whole.
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

  /// GETs `uri`; throws when the address does not parse (domain `help-viewer`, code 2) or the
  /// request fails (libsoup's or GIO's error). Any HTTP status is an answer, not an error.
  @MainActor
  public static func get(
    _ uri: String, headers names: [String] = [], timeout seconds: UInt32 = 30
  ) async throws(GLibFailure) -> Response {
    guard let message = soup_message_new("GET", uri) else {
      throw GLibFailure(domain: "help-viewer", code: 2, message: "“\(uri)” is not an HTTP address.")
    }
    let ownedMessage = GObjectRef(adoptingNonNil: message)
    let session = GObjectRef(adoptingNew: soup_session_new())
    soup_session_set_timeout(session.pointer(), seconds)
    let result: Result<[UInt8], GLibFailure> = await withCheckedContinuation { continuation in
      let (callback, data) = asyncReady { _, result in
        var error: UnsafeMutablePointer<GError>?
        guard let body = soup_session_send_and_read_finish(session.pointer(), result, &error) else {
          continuation.resume(returning: .failure(GLibFailure(taking: error)))
          return
        }
        defer { g_bytes_unref(body) }
        var size: gsize = 0
        let start = g_bytes_get_data(body, &size)?.assumingMemoryBound(to: UInt8.self)
        continuation.resume(returning: .success(Array(UnsafeBufferPointer(start: start, count: Int(size)))))
      }
      soup_session_send_and_read_async(session.pointer(), ownedMessage.opaque, G_PRIORITY_DEFAULT, nil, callback, data)
    }
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
