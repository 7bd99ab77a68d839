/// An error as the platform reported it (a GError's domain, code and message), free of GLib types.
///
/// The glue layer reads each `GError` into one of these (`PlatformError(taking:)`) and throws
/// it from its GIO and libsoup calls; `ErrorClassifier` turns it into a `LoadError`, or into
/// nothing when it only means "cancelled".
///
/// ```swift
/// let error = PlatformError(domain: "g-io-error-quark", code: 39, message: "Connection refused")
/// ErrorClassifier.classify(error, url: "http://127.0.0.1:9/")?.kind   // .cannotConnect
/// ```
public struct PlatformError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The GError domain as a string, e.g. `g-io-error-quark` or `WebKitNetworkError`.
  public var domain: String
  public var code: Int
  public var message: String

  public init(domain: String, code: Int, message: String) {
    self.domain = domain
    self.code = code
    self.message = message
  }

  public var description: String { "\(domain) \(code): \(message)" }
}
