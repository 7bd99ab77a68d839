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
  /// `.hostNotFound`, `.timedOut`, `.tlsFailure`, `.tooManyRedirects`, and `.httpError` with the
  /// status for any answer other than 2xx (a missing file is a 404).
  ///
  /// ```swift
  /// if try await TermsDialog.mustShowAgain(receipt) {
  ///   let decision = await TermsDialog.present(termsURL, over: window)
  /// }
  /// ```
  ///
  /// An entry point of the package: it makes the GLib main loop run Swift concurrency
  /// (`HelpViewerEngine.integrateMainLoop()`) before it waits for anything, also when called from
  /// a task off the main actor.
  nonisolated public static func mustShowAgain(_ receipt: TermsReceipt, timeout: Double = 30) async throws(LoadError)
    -> Bool
  {
    HelpViewerEngine.integrateMainLoop()
    let served = try await servedDocument(at: receipt.requestedURL, timeout: timeout)
    return receipt.mustShowAgain(forServedSHA256: served.sha256)
  }

  /// The fingerprint of the document served now at `address`, fetched without a window.
  nonisolated public static func servedDocument(at address: String, timeout: Double = 30) async throws(LoadError)
    -> DocumentFingerprint
  {
    HelpViewerEngine.integrateMainLoop()
    return try await fetchDocument(at: address, timeout: timeout)
  }

  private static func fetchDocument(at address: String, timeout: Double) async throws(LoadError)
    -> DocumentFingerprint
  {
    let uri = try URLInput.parse(address).get()
    switch URLInput.scheme(of: uri) {
    case "http", "https": return try await fetch(uri, timeout: timeout)
    case "file": return try read(uri)
    default: throw LoadError(.unsupportedScheme, url: uri, details: "Only http, https and file can be fetched.")
    }
  }

  private static func fetch(_ uri: String, timeout: Double) async throws(LoadError) -> DocumentFingerprint {
    let response: HTTPFetch.Response
    do {
      let seconds = UInt32(clamping: Int(max(timeout, 1).rounded(.up)))
      response = try await HTTPFetch.get(uri, headers: LoadingWebView.fingerprintHeaders, timeout: seconds)
    } catch {
      if error.domain == "help-viewer" { throw LoadError(.invalidURL, url: uri, details: error.description) }
      let platform = PlatformError(domain: error.domain, code: error.code, message: error.message)
      throw ErrorClassifier.classify(platform, url: uri) ?? LoadError(.other, url: uri, details: error.description)
    }
    guard (200..<300).contains(response.status) else {
      throw LoadError(
        .httpError, url: response.finalURI, httpStatus: response.status, details: "HTTP status \(response.status)")
    }
    return DocumentFingerprint(
      finalURL: response.finalURI, bytes: response.bytes, etag: response.headers["ETag"],
      lastModified: response.headers["Last-Modified"])
  }

  private static func read(_ uri: String) throws(LoadError) -> DocumentFingerprint {
    guard let url = URL(string: uri), url.isFileURL else {
      throw LoadError(.invalidURL, url: uri, details: "Not a file address.")
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
      let data = FileManager.default.contents(atPath: url.path)
    else {
      throw LoadError(.httpError, url: uri, httpStatus: 404, details: "No readable file at \(url.path)")
    }
    return DocumentFingerprint(finalURL: uri, bytes: [UInt8](data))
  }
}
