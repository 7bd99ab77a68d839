/// An error as the platform reported it (a GError's domain, code and message), free of GLib types.
///
/// The glue layer turns each `GError` into one of these; `ErrorClassifier` turns it into a
/// `LoadError`, or into nothing when it only means "cancelled".
public struct PlatformError: Sendable, Equatable, CustomStringConvertible {
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
