import HelpViewerCore
import HelpViewerGlue

extension DocumentFingerprint {
  /// The fingerprint of `bytes` served from `finalURL`, hashed with GLib (`Checksum.sha256`).
  ///
  /// ```swift
  /// let fingerprint = DocumentFingerprint(finalURL: uri, bytes: document.bytes, etag: document.headers["ETag"])
  /// ```
  init(finalURL: String, bytes: [UInt8], etag: String? = nil, lastModified: String? = nil) {
    self.init(finalURL: finalURL, sha256: Checksum.sha256(bytes), etag: etag, lastModified: lastModified)
  }
}
