import HelpViewerCore
import HelpViewerGlue

extension LoadingWebView {
  /// The response headers a fingerprint records.
  static let fingerprintHeaders = ["ETag", "Last-Modified"]

  /// The fingerprint of the document shown now: its address after redirects, the SHA-256 of its
  /// bytes exactly as served (WebKit's main resource), and its `ETag` and `Last-Modified`.
  ///
  /// ```swift
  /// if viewer.state.phase == .loaded, let fingerprint = try? await viewer.documentFingerprint() {
  ///   print(fingerprint.sha256)
  /// }
  /// ```
  ///
  /// Throws a `LoadError` of kind `.other` when no document is shown or WebKit cannot give its
  /// data.
  public func documentFingerprint() async throws(LoadError) -> DocumentFingerprint {
    let document: MainResourceData
    do {
      document = try await page.mainResourceData(headers: Self.fingerprintHeaders)
    } catch {
      throw LoadError(.other, url: state.url, details: "The document's data is not available: \(error)")
    }
    return DocumentFingerprint(
      finalURL: document.uri, bytes: document.bytes, etag: document.headers["ETag"],
      lastModified: document.headers["Last-Modified"])
  }
}
