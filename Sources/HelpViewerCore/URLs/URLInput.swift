import Foundation

/// Turns what a person or a host typed into an address WebKit can load, or a clear `LoadError`.
///
/// Accepts `http:`, `https:` and `file:` addresses, absolute file paths, bare host names
/// (`example.com` means `https://example.com`; `localhost` and loopback addresses get `http:`),
/// and any extra schemes the host allows (such as the bundled-content scheme). Refuses empty
/// input, `javascript:`, `data:`, `ftp:` and unknown schemes, and Fetch "bad ports".
///
/// ```swift
/// try URLInput.parse("example.com").get()  // "https://example.com"
/// URLInput.parse("javascript:alert(1)")     // .failure(kind: .unsupportedScheme)
/// ```
public enum URLInput {
  /// Schemes WebKit loads for us without any extra set-up.
  public static let webSchemes: Set<String> = ["http", "https", "file"]

  /// The loadable address for `text`, or why it cannot be loaded.
  public static func parse(_ text: String, extraSchemes: Set<String> = []) -> Result<String, LoadError> {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      return .failure(LoadError(.invalidURL, url: text, details: "The address is empty."))
    }
    if trimmed.hasPrefix("/") || trimmed.hasPrefix("~/") {
      let path = (trimmed as NSString).expandingTildeInPath
      return .success(URL(fileURLWithPath: path).absoluteString)
    }
    if let scheme = scheme(of: trimmed), !looksLikeHostAndPort(trimmed) {
      return validate(trimmed, scheme: scheme, extraSchemes: extraSchemes)
    }
    guard !trimmed.contains(where: \.isWhitespace) else {
      return .failure(LoadError(.invalidURL, url: text, details: "The address contains spaces."))
    }
    let candidate = (isLoopback(trimmed) ? "http://" : "https://") + trimmed
    return validate(candidate, scheme: scheme(of: candidate) ?? "https", extraSchemes: extraSchemes)
  }

  /// The lower-cased scheme of `text` (`https` for `https://x`), or `nil` when it has none.
  public static func scheme(of text: String) -> String? {
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let scheme = text[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    return scheme.lowercased()
  }

  /// The host of an address, or `nil` when it has none.
  public static func host(of text: String) -> String? {
    guard let host = URLComponents(string: text)?.host, !host.isEmpty else { return nil }
    return host
  }

  private static func validate(_ uri: String, scheme: String, extraSchemes: Set<String>)
    -> Result<String, LoadError>
  {
    guard webSchemes.contains(scheme) || extraSchemes.contains(scheme) else {
      return .failure(
        LoadError(.unsupportedScheme, url: uri, details: "Scheme “\(scheme):” is not allowed."))
    }
    guard let components = URLComponents(string: uri) else {
      return .failure(LoadError(.invalidURL, url: uri, details: "The address cannot be parsed."))
    }
    if scheme == "http" || scheme == "https" {
      guard let host = components.host, !host.isEmpty else {
        return .failure(LoadError(.invalidURL, url: uri, details: "The address has no host."))
      }
      if let problem = HostSyntax.problem(host: host, port: components.port) {
        return .failure(LoadError(.invalidURL, url: uri, details: problem))
      }
      if let port = components.port, BadPorts.contains(port) {
        return .failure(
          LoadError(.blockedPort, url: uri, details: "Port \(port) is a Fetch “bad port”."))
      }
    }
    return .success(uri)
  }

  /// `localhost:8080/x` has a "scheme" only to a naive parser: a host name followed by a port.
  private static func looksLikeHostAndPort(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":") else { return false }
    let rest = text[text.index(after: colon)...]
    let port = rest.prefix(while: \.isNumber)
    return !port.isEmpty && (port.endIndex == rest.endIndex || rest[port.endIndex] == "/")
  }

  private static func isLoopback(_ text: String) -> Bool {
    let host = text.prefix(while: { $0 != ":" && $0 != "/" }).lowercased()
    return host == "localhost" || host.hasPrefix("127.") || host == "[::1]"
  }
}
