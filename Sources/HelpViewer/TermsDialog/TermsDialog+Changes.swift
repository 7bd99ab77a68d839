import Foundation
import HelpViewerCore
import HelpViewerGlue

extension TermsDialog {
  /// Whether the terms a person accepted must be shown again: the document served now at the
  /// receipt's address differs, byte for byte, from the one accepted. Fetches it without a
  /// window (libsoup for `http`/`https`, the file itself for `file`), following redirects.
  ///
  /// Throws a `LoadError` when the document cannot be fetched: `.invalidURL` and
  /// `.unsupportedScheme` for a receipt address that cannot be fetched, `.cannotConnect`,
  /// `.hostNotFound`, `.timedOut`, `.tlsFailure`, `.tooManyRedirects`, `.httpError` with the
  /// status for any answer other than 2xx (a missing file is a 404), and `.cannotShowContent`
  /// for a document larger than 10 MB (`documentLimit`; nothing past it is read). Throws
  /// `CancellationError` when the task awaiting it is cancelled: the fetch stops at once.
  ///
  /// `trustedCertificates` is what `ViewerConfiguration.trustedCertificates` is for a viewer
  /// (host → PEM): a certificate that does not verify is accepted for this fetch only, and only
  /// when it is exactly the one named for the host that presents it (the receipt's host, or a
  /// host it redirects to). Nothing is trusted unless named here; a viewer's trust does not
  /// carry over.
  ///
  /// ```swift
  /// if try await TermsDialog.mustShowAgain(receipt, trustedCertificates: ["intranet.example": pem]) {
  ///   let decision = await TermsDialog.present(termsURL, over: window)
  /// }
  /// ```
  ///
  /// An entry point of the package: it makes the GLib main loop run Swift concurrency
  /// (`HelpViewerEngine.integrateMainLoop()`) before it waits for anything, also when called from
  /// a task off the main actor.
  nonisolated public static func mustShowAgain(
    _ receipt: TermsReceipt, trustedCertificates: [String: String] = [:], timeout: Double = 30
  ) async throws -> Bool {
    HelpViewerEngine.integrateMainLoop()
    let served = try await servedDocument(
      at: receipt.requestedURL, trustedCertificates: trustedCertificates, timeout: timeout)
    return receipt.mustShowAgain(forServedSHA256: served.sha256)
  }

  /// The most bytes of a terms document `mustShowAgain` and `servedDocument` read: 10 MB.
  nonisolated public static let documentLimit = HTTPFetch.bodyLimit

  /// The fingerprint of the document served now at `address`, fetched without a window (with
  /// `trustedCertificates` as `mustShowAgain` takes them); throws as `mustShowAgain` does.
  nonisolated public static func servedDocument(
    at address: String, trustedCertificates: [String: String] = [:], timeout: Double = 30
  ) async throws -> DocumentFingerprint {
    HelpViewerEngine.integrateMainLoop()
    try Task.checkCancellation()
    let uri = try URLInput.parse(address).get()
    switch URLInput.scheme(of: uri) {
    case "http", "https": return try await fetch(uri, trustedCertificates: trustedCertificates, timeout: timeout)
    case "file": return try read(uri)
    default: throw LoadError(.unsupportedScheme, url: uri, details: "Only http, https and file can be fetched.")
    }
  }

  private static func fetch(
    _ uri: String, trustedCertificates: [String: String], timeout: Double
  ) async throws -> DocumentFingerprint {
    let response: HTTPFetch.Response
    do {
      let seconds = UInt32(clamping: Int(max(timeout, 1).rounded(.up)))
      response = try await HTTPFetch.get(
        uri, headers: LoadingWebView.fingerprintHeaders, trustedCertificates: trustedCertificates, timeout: seconds,
        bodyLimit: documentLimit)
    } catch let error as PlatformError {
      if error.domain == "help-viewer", error.code == HTTPFetch.bodyTooLargeCode {
        throw tooLarge(uri)
      }
      if error.domain == "help-viewer" { throw LoadError(.invalidURL, url: uri, details: error.description) }
      throw ErrorClassifier.classify(error, url: uri) ?? LoadError(.other, url: uri, details: error.description)
    }
    guard (200..<300).contains(response.status) else {
      throw LoadError(
        .httpError, url: response.finalURI, httpStatus: response.status, details: "HTTP status \(response.status)")
    }
    return DocumentFingerprint(
      finalURL: response.finalURI, bytes: response.bytes, etag: response.headers["ETag"],
      lastModified: response.headers["Last-Modified"])
  }

  /// Reads the file at `uri`, at most `documentLimit` bytes of it (`/dev/zero` is too large,
  /// not endless).
  nonisolated private static func read(_ uri: String) throws(LoadError) -> DocumentFingerprint {
    guard let url = URL(string: uri), url.isFileURL else {
      throw LoadError(.invalidURL, url: uri, details: "Not a file address.")
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
      let handle = FileHandle(forReadingAtPath: url.path)
    else {
      throw LoadError(.httpError, url: uri, httpStatus: 404, details: "No readable file at \(url.path)")
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.read(upToCount: documentLimit + 1) ?? Data()
    } catch {
      throw LoadError(.httpError, url: uri, httpStatus: 404, details: "No readable file at \(url.path): \(error)")
    }
    guard data.count <= documentLimit else { throw tooLarge(uri) }
    return DocumentFingerprint(finalURL: uri, bytes: [UInt8](data))
  }

  /// The error of a terms document larger than `documentLimit`.
  nonisolated private static func tooLarge(_ uri: String) -> LoadError {
    LoadError(
      .cannotShowContent, url: uri,
      details: "The document is larger than \(documentLimit / (1024 * 1024)) MB; it was not read further.")
  }
}
