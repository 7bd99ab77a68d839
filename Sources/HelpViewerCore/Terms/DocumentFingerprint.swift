/// What identifies one served document: where it came from and the SHA-256 of its bytes.
///
/// The widgets take it from WebKit's main resource once a page has loaded (the body exactly as
/// served, after any content encoding is undone) and hash it with GLib (`GChecksum`);
/// `TermsReceipt` records it.
///
/// ```swift
/// let fingerprint = DocumentFingerprint(
///   finalURL: "https://example.com/terms",
///   sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", etag: "\"v1\"")
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
}
