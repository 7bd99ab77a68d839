/// Turns what the platform reported into a `LoadError`, or `nil` when it only means "cancelled".
///
/// Classifies GError domains and codes from WebKit, GIO, the resolver, TLS and libsoup. The
/// numeric codes mirror the C enums; `HelpViewerTests` checks them against the C headers.
///
/// ```swift
/// let error = ErrorClassifier.classify(
///   PlatformError(domain: "g-io-error-quark", code: 39, message: "Connection refused"),
///   url: "http://127.0.0.1:9/")
/// // error?.kind == .cannotConnect
/// ```
public enum ErrorClassifier {
  /// GError domain names, as `g_quark_to_string` spells them.
  public enum Domain {
    public static let webKitNetwork = "WebKitNetworkError"
    public static let webKitPolicy = "WebKitPolicyError"
    public static let gio = "g-io-error-quark"
    public static let resolver = "g-resolver-error-quark"
    public static let tls = "g-tls-error-quark"
    public static let soupSession = "soup-session-error-quark"
  }

  /// Codes of the C enums this classifier reads.
  public enum Code {
    public static let webKitNetworkFailed = 399
    public static let webKitNetworkTransport = 300
    public static let webKitNetworkUnknownProtocol = 301
    public static let webKitNetworkCancelled = 302
    public static let webKitNetworkFileDoesNotExist = 303
    public static let webKitPolicyCannotShowMIMEType = 100
    public static let webKitPolicyCannotShowURI = 101
    public static let webKitPolicyInterruptedByPolicyChange = 102
    public static let webKitPolicyRestrictedPort = 103
    public static let gioNotFound = 1
    public static let gioNotRegularFile = 6
    public static let gioPermissionDenied = 14
    public static let gioTimedOut = 24
    public static let gioCancelled = 19
    public static let gioHostNotFound = 28
    public static let gioHostUnreachable = 37
    public static let gioNetworkUnreachable = 38
    public static let gioConnectionRefused = 39
    public static let gioConnectionClosed = 44
    public static let soupTooManyRedirects = 2
    public static let soupTooManyRestarts = 3
  }

  /// The `LoadError` for a platform error while loading `url`; `nil` for cancellation.
  public static func classify(_ error: PlatformError, url: String?) -> LoadError? {
    guard let kind = kind(of: error, url: url) else { return nil }
    // The app's own content: what the bundled scheme said, as it said it.
    if error.domain == ContentErrorDomain.name { return LoadError(kind, url: url, details: error.message) }
    let missingFile =
      (error.domain == Domain.webKitNetwork && error.code == Code.webKitNetworkFileDoesNotExist)
      || (error.domain == Domain.gio && error.code == Code.gioNotFound)
    // A missing file of the app's own (file:, the bundled scheme) is no server's 404.
    if missingFile, LocalContent.isLocal(url) {
      return LoadError(.pageNotFound, url: url, details: error.message)
    }
    return LoadError(kind, url: url, httpStatus: missingFile ? 404 : nil, details: error.description)
  }

  /// Schemes WebKit loads in the viewer: when it still cannot show such an address, the address
  /// is malformed (a port out of range, an impossible IP address), not of an unsupported kind.
  static let loadableSchemes: Set<String> = URLInput.webSchemes.union([BundledAddress.scheme, "about"])

  /// What WebKit's "cannot show this URI" (or "unknown protocol") means for `url`: an address
  /// of a scheme WebKit loads is `.invalidURL`; only another scheme is `.unsupportedScheme`.
  static func rejectedAddressKind(_ url: String?) -> LoadError.Kind {
    guard let scheme = url.flatMap(URLInput.scheme(of:)), !loadableSchemes.contains(scheme) else { return .invalidURL }
    return .unsupportedScheme
  }

  static func kind(of error: PlatformError, url: String? = nil) -> LoadError.Kind? {
    switch error.domain {
    case Domain.webKitNetwork:
      switch error.code {
      case Code.webKitNetworkCancelled: return nil
      case Code.webKitNetworkTransport: return .cannotConnect
      case Code.webKitNetworkUnknownProtocol: return rejectedAddressKind(url)
      case Code.webKitNetworkFileDoesNotExist: return .httpError
      default: return .other
      }
    case Domain.webKitPolicy:
      switch error.code {
      case Code.webKitPolicyCannotShowMIMEType, Code.webKitPolicyInterruptedByPolicyChange:
        return .cannotShowContent
      case Code.webKitPolicyCannotShowURI: return rejectedAddressKind(url)
      case Code.webKitPolicyRestrictedPort: return .blockedPort
      default: return .blockedByPolicy
      }
    case Domain.gio:
      switch error.code {
      case Code.gioCancelled: return nil
      case Code.gioNotFound: return .httpError  // A missing file: a 404 of the local kind.
      case Code.gioNotRegularFile: return .cannotShowContent  // A pipe or device: no page.
      case Code.gioPermissionDenied: return .blockedByPolicy
      case Code.gioTimedOut: return .timedOut
      case Code.gioHostNotFound: return .hostNotFound
      case Code.gioConnectionRefused, Code.gioHostUnreachable, Code.gioNetworkUnreachable,
        Code.gioConnectionClosed:
        return .cannotConnect
      default: return .other
      }
    case ContentErrorDomain.name: return ContentErrorDomain.kind(forCode: error.code)
    case Domain.resolver: return .hostNotFound
    case Domain.tls: return .tlsFailure
    case Domain.soupSession:
      switch error.code {
      case Code.soupTooManyRedirects, Code.soupTooManyRestarts: return .tooManyRedirects
      default: return .other
      }
    case "":
      // WebKit reports a redirect loop with no error domain, only its message.
      return error.message.lowercased().contains("redirect") ? .tooManyRedirects : .other
    default: return .other
    }
  }
}
