import Foundation

/// Proof of what a person accepted: which document (its address and the SHA-256 of its bytes
/// exactly as served), its HTTP validators and title, and when.
///
/// A host stores it (it is `Codable`) and later asks `TermsDialog.mustShowAgain(receipt)`
/// whether the served terms changed since.
///
/// ```swift
/// if case .accepted(let receipt) = await TermsDialog.present(termsURL, over: window) {
///   let json = try JSONEncoder().encode(receipt)
///   print(receipt.sha256, receipt.acceptedAt)
/// }
/// ```
public struct TermsReceipt: Codable, Sendable, Equatable {
  /// The address the host asked to show.
  public var requestedURL: String
  /// The address the document came from, after redirects.
  public var finalURL: String
  /// SHA-256 of the document's bytes as served, as 64 lowercase hexadecimal digits.
  public var sha256: String
  /// The `ETag` response header, when the server sent one.
  public var etag: String?
  /// The `Last-Modified` response header, when the server sent one.
  public var lastModified: String?
  /// The document's title, when it has one.
  public var title: String?
  /// Whether a bundled offline copy was shown instead of the requested document.
  public var isOfflineCopy: Bool
  /// When the person accepted.
  public var acceptedAt: Date
  /// The language of the document accepted, for terms from a terms book (`C`, `de`, `pt_BR`:
  /// the language folder the page came from); `nil` otherwise, and in receipts stored before
  /// there was this field (they still decode).
  public var language: String?

  public init(
    requestedURL: String, finalURL: String, sha256: String, etag: String? = nil, lastModified: String? = nil,
    title: String? = nil, isOfflineCopy: Bool = false, acceptedAt: Date, language: String? = nil
  ) {
    self.requestedURL = requestedURL
    self.finalURL = finalURL
    self.sha256 = sha256
    self.etag = etag
    self.lastModified = lastModified
    self.title = title
    self.isOfflineCopy = isOfflineCopy
    self.acceptedAt = acceptedAt
    self.language = language
  }

  /// A receipt for the document `fingerprint` identifies, asked for as `requestedURL`.
  public init(
    requestedURL: String, document fingerprint: DocumentFingerprint, title: String?, isOfflineCopy: Bool = false,
    acceptedAt: Date = Date(), language: String? = nil
  ) {
    self.init(
      requestedURL: requestedURL, finalURL: fingerprint.finalURL, sha256: fingerprint.sha256, etag: fingerprint.etag,
      lastModified: fingerprint.lastModified, title: title, isOfflineCopy: isOfflineCopy, acceptedAt: acceptedAt,
      language: language)
  }

  /// Whether the terms must be shown again for a document served now with hash `sha256`: the
  /// bytes differ from the ones accepted (hexadecimal case does not matter).
  public func mustShowAgain(forServedSHA256 sha256: String) -> Bool {
    sha256.lowercased() != self.sha256.lowercased()
  }
}
