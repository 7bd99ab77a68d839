import HelpViewerCGtk
import HelpViewerCore

/// A `GError` read into the core's `PlatformError` (domain, code, message), which the widgets
/// classify with `ErrorClassifier`.
extension PlatformError {
  /// Reads and frees `error`; a missing error reads as an unknown failure.
  ///
  /// ```swift
  /// guard soup_session_send_finish(session, result, &error) != nil else { throw PlatformError(taking: error) }
  /// ```
  init(taking error: UnsafeMutablePointer<GError>?) {
    self.init(reading: error)
    if let error { g_error_free(error) }
  }

  /// Reads `error`, which someone else owns (e.g. a signal's argument); its domain as
  /// `g_quark_to_string` spells it.
  ///
  /// ```swift
  /// let failure = PlatformError(reading: error)   // in a `load-failed` handler
  /// ```
  init(reading error: UnsafeMutablePointer<GError>?) {
    guard let error else {
      self.init(domain: "help-viewer", code: 0, message: "Unknown failure")
      return
    }
    self.init(
      domain: g_quark_to_string(error.pointee.domain).map { String(cString: $0) } ?? "",
      code: Int(error.pointee.code),
      message: error.pointee.message.map { String(cString: $0) } ?? "")
  }
}
