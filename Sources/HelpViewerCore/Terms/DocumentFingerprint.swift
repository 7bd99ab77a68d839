/// What identifies one served document: where it came from and the SHA-256 of its bytes.
///
/// The widgets take it from WebKit's main resource once a page has loaded (the body exactly as
/// served, after any content encoding is undone); `TermsReceipt` records it.
///
/// ```swift
/// let fingerprint = DocumentFingerprint(
///   finalURL: "https://example.com/terms", bytes: Array("<title>Terms</title>".utf8),
///   etag: "\"v1\"", lastModified: nil)
/// fingerprint.sha256  // 64 hexadecimal digits
/// ```
public struct DocumentFingerprint: Sendable, Equatable, Codable {
  /// The address the document came from, after redirects.
  public var finalURL: String
  /// SHA-256 of the document's bytes, as 64 lowercase hexadecimal digits.
  public var sha256: String
  /// The `ETag` response header, when the server sent one.
  public var etag: String?
  /// The `Last-Modified` response header, when the server sent one.
  public var lastModified: String?

  public init(finalURL: String, sha256: String, etag: String? = nil, lastModified: String? = nil) {
    self.finalURL = finalURL
    self.sha256 = sha256
    self.etag = etag
    self.lastModified = lastModified
  }

  /// The fingerprint of `bytes` served from `finalURL`.
  public init(finalURL: String, bytes: [UInt8], etag: String? = nil, lastModified: String? = nil) {
    self.init(finalURL: finalURL, sha256: SHA256.hexDigest(of: bytes), etag: etag, lastModified: lastModified)
  }
}
