import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore

/// A web view's main document as it was served: its address after redirects, the HTTP status
/// and chosen response headers, and the body bytes (content encoding undone, nothing else).
///
/// ```swift
/// let document = try await webView.mainResourceData(headers: ["ETag"])
/// print(document.uri, document.bytes.count, document.headers["ETag"] ?? "none")
/// ```
public struct MainResourceData: Sendable, Equatable {
  /// The address the document came from, after redirects.
  public var uri: String
  /// The HTTP status, or `nil` when it did not come over HTTP.
  public var httpStatus: Int?
  /// The asked-for response headers that were present, by the name they were asked for.
  public var headers: [String: String]
  /// The body.
  public var bytes: [UInt8]
}

extension UnsafeMutablePointer where Pointee == WebKitWebView {
  /// The main document shown now, with the response headers named in `headers`
  /// (`webkit_web_view_get_main_resource` + `webkit_web_resource_get_data`).
  ///
  /// Throws when the view shows no document yet, or WebKit cannot give its data.
  @MainActor
  public func mainResourceData(headers names: [String] = []) async throws(PlatformError) -> MainResourceData {
    guard let resource = webkit_web_view_get_main_resource(self) else {
      throw PlatformError(domain: "help-viewer", code: 1, message: "The web view shows no document.")
    }
    // Keep the resource alive until its data arrived, whatever the view loads meanwhile.
    let owned = GObjectRef(retaining: UnsafeMutableRawPointer(resource))
    var document = MainResourceData(
      uri: webkit_web_resource_get_uri(resource).map { String(cString: $0) } ?? "", httpStatus: nil, headers: [:],
      bytes: [])
    if let response = webkit_web_resource_get_response(resource) {
      let status = Int(webkit_uri_response_get_status_code(response))
      document.httpStatus = status == 0 ? nil : status
      if let fields = webkit_uri_response_get_http_headers(response) {
        for name in names {
          if let value = soup_message_headers_get_one(fields, name) { document.headers[name] = String(cString: value) }
        }
      }
    }
    let result: Result<[UInt8], PlatformError> = await withCheckedContinuation { continuation in
      let (callback, data) = asyncReady { _, result in
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        guard let bytes = webkit_web_resource_get_data_finish(owned.opaque, result, &length, &error) else {
          continuation.resume(returning: .failure(PlatformError(taking: error)))
          return
        }
        defer { g_free(bytes) }
        continuation.resume(returning: .success(Array(UnsafeBufferPointer(start: bytes, count: Int(length)))))
      }
      webkit_web_resource_get_data(owned.opaque, nil, callback, data)
    }
    document.bytes = try result.get()
    return document
  }
}
