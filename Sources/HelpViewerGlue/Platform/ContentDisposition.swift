import HelpViewerCGtk
import HelpViewerCWebKit

/// The `Content-Disposition` response header, read with libsoup's parser
/// (`soup_message_headers_get_content_disposition`): whether a response is a download.
///
/// ```swift
/// if let headers = webkit_uri_response_get_http_headers(response), ContentDisposition.isAttachment(headers) {
///   webkit_policy_decision_ignore(decision)  // No downloads.
/// }
/// ContentDisposition.isAttachment(value: "Attachment; filename=\"x.csv\"")  // true
/// ```
public enum ContentDisposition {
  /// Whether the response headers `headers` (a `SoupMessageHeaders`) mark the body as an
  /// attachment: the disposition type is `attachment`, in any case (RFC 6266). No header, or
  /// one libsoup cannot parse, is no attachment.
  public static func isAttachment(_ headers: OpaquePointer) -> Bool {
    var disposition: UnsafeMutablePointer<CChar>?
    var parameters: OpaquePointer?
    guard soup_message_headers_get_content_disposition(headers, &disposition, &parameters) != 0 else { return false }
    defer {
      g_free(disposition)
      if let parameters { g_hash_table_destroy(parameters) }
    }
    guard let disposition else { return false }
    return g_ascii_strcasecmp(disposition, "attachment") == 0
  }

  /// Whether a `Content-Disposition` header with `value` marks a response as an attachment.
  public static func isAttachment(value: String) -> Bool {
    guard let headers = soup_message_headers_new(SOUP_MESSAGE_HEADERS_RESPONSE) else { return false }
    defer { soup_message_headers_unref(headers) }
    soup_message_headers_append(headers, "Content-Disposition", value)
    return isAttachment(headers)
  }
}
