import HelpViewerCGtk
import HelpViewerCWebKit

/// Whether two addresses name the same resource, compared as URIs rather than as text: both
/// parsed with GLib (`g_uri_parse`, libsoup's HTTP flags, scheme-based normalization) and
/// compared with `soup_uri_equal`. So `https://example.com` and `https://EXAMPLE.com:443/` are
/// the same address, as WebKit writes the one it was given.
///
/// ```swift
/// SameAddress.test("https://example.com", "https://example.com/")  // true
/// SameAddress.test("https://example.com/a", "https://example.com/b")  // false
/// ```
public enum SameAddress {
  /// Whether `a` and `b` are the same address. Text GLib cannot parse as a URI is the same
  /// only as the identical text.
  public static func test(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    guard let first = parse(a) else { return false }
    defer { g_uri_unref(first) }
    guard let second = parse(b) else { return false }
    defer { g_uri_unref(second) }
    return soup_uri_equal(first, second) != 0
  }

  /// `SOUP_HTTP_URI_FLAGS`: escapes kept as written, the password kept, the scheme's default
  /// port and empty path normalized.
  private static let flags = GUriFlags(
    rawValue: G_URI_FLAGS_HAS_PASSWORD.rawValue | G_URI_FLAGS_ENCODED_PATH.rawValue
      | G_URI_FLAGS_ENCODED_QUERY.rawValue | G_URI_FLAGS_ENCODED_FRAGMENT.rawValue
      | G_URI_FLAGS_SCHEME_NORMALIZE.rawValue)

  private static func parse(_ text: String) -> OpaquePointer? {
    var error: UnsafeMutablePointer<GError>?
    guard let uri = g_uri_parse(text, flags, &error) else {
      g_clear_error(&error)
      return nil
    }
    return uri
  }
}
