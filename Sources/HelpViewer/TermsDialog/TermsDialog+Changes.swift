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
  /// for a document larger than 10 MB (`documentLimit`; nothing past it is read) or a `file:`
  /// address that is not a regular file; `.timedOut`
  /// when the whole document did not arrive within `timeout` seconds. Throws
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

  /// The document at `uri`, fetched within `timeout` seconds in all: libsoup's own timeout
  /// counts from the last byte, so a server sending a byte every few seconds would hold the
  /// fetch forever. Past the deadline the fetch is cancelled and `.timedOut` thrown.
  private static func fetch(
    _ uri: String, trustedCertificates: [String: String], timeout: Double
  ) async throws -> DocumentFingerprint {
    let seconds = max(timeout, 1)
    return try await withThrowingTaskGroup(of: DocumentFingerprint?.self) { group in
      group.addTask { try await fetchOnce(uri, trustedCertificates: trustedCertificates, timeout: seconds) }
      group.addTask {
        try await Task.sleep(for: .seconds(seconds))
        return nil
      }
      defer { group.cancelAll() }
      guard let first = try await group.next(), let document = first else {
        try Task.checkCancellation()
        throw LoadError(
          .timedOut, url: uri, details: "The whole document did not arrive within \(Int(seconds.rounded())) s.")
      }
      return document
    }
  }

  private static func fetchOnce(
    _ uri: String, trustedCertificates: [String: String], timeout: Double
  ) async throws -> DocumentFingerprint {
    let response: HTTPFetch.Response
    do {
      let seconds = UInt32(clamping: Int(timeout.rounded(.up)))
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

  /// Reads the file at `uri`, at most `documentLimit` bytes of it, and only a regular file: a
  /// named pipe or `/dev/zero` there would never begin or never end (`RegularFile`, which
  /// opens without waiting and checks what it opened; `.cannotShowContent`).
  nonisolated private static func read(_ uri: String) throws(LoadError) -> DocumentFingerprint {
    guard let url = URL(string: uri), url.isFileURL else {
      throw LoadError(.invalidURL, url: uri, details: "Not a file address.")
    }
    do throws(RegularFile.Problem) {
      let data = try RegularFile.open(url, limit: documentLimit).read()
      return DocumentFingerprint(finalURL: uri, bytes: [UInt8](data))
    } catch {
      switch error {
      case .tooLarge: throw tooLarge(uri)
      case .notRegular:
        throw LoadError(.cannotShowContent, url: uri, details: "\(url.path) is not a document: \(error.details)")
      case .missing, .outside, .unreadable:
        throw LoadError(
          .httpError, url: uri, httpStatus: 404, details: "No readable file at \(url.path): \(error.details)")
      }
    }
  }

  /// The error of a terms document larger than `documentLimit`.
  nonisolated private static func tooLarge(_ uri: String) -> LoadError {
    LoadError(
      .cannotShowContent, url: uri,
      details: "The document is larger than \(documentLimit / (1024 * 1024)) MB; it was not read further.")
  }
}
