import Testing

@testable import HelpViewerCore

/// Addresses WebKit cannot load are refused with their true reason: a malformed web address is
/// `.invalidURL`, never "“http:” addresses cannot be opened here" (issue 12.3).
@Suite struct AddressClassificationTests {
  typealias D = ErrorClassifier.Domain
  typealias C = ErrorClassifier.Code

  @Test(arguments: [
    "http://127.0.0.1:99999/",
    "https://256.256.256.256/",
    "127.0.0.1:99999",
    "https://example.com:65536/",
    "http://1.2.3.4.5/",
    "http://999.1.1.1/",
    "http://0x100.0.0.1/",
    "http://exa%20mple.com/",
    "http://a^b.example/",
  ])
  func malformedWebAddressesAreInvalidNotUnsupported(input: String) {
    guard case .failure(let error) = URLInput.parse(input) else {
      Issue.record("\(input) was accepted")
      return
    }
    #expect(error.kind == .invalidURL, "\(input): \(error)")
    Localization.withLanguages([]) {
      #expect(!error.message.contains("cannot be opened here"), "\(input): \(error.message)")
      #expect(error.title == "Invalid Address")
    }
    #expect(error.details?.isEmpty == false)
  }

  @Test(arguments: [
    "http://127.1/", "http://0x7f.0.0.1/", "http://127.0.0.1:65535/", "http://[::1]:8080/", "https://example.com./",
    "http://10.0.0.1/", "https://1.example/", "http://2130706433/",
  ])
  func validOddAddressesStayValid(input: String) throws {
    #expect(throws: Never.self) { try URLInput.parse(input).get() }
  }

  @Test func ipv4FollowsTheURLStandard() {
    #expect(HostSyntax.ipv4("127.0.0.1") == 0x7f00_0001)
    #expect(HostSyntax.ipv4("127.1") == 0x7f00_0001)
    #expect(HostSyntax.ipv4("0x7f.1") == 0x7f00_0001)
    #expect(HostSyntax.ipv4("0177.0.0.1") == 0x7f00_0001)
    #expect(HostSyntax.ipv4("2130706433") == 0x7f00_0001)
    #expect(HostSyntax.ipv4("256.256.256.256") == nil)
    #expect(HostSyntax.ipv4("1.2.3.256") == nil)
    #expect(HostSyntax.ipv4("1.2.65536") == nil)
    #expect(HostSyntax.ipv4("4294967296") == nil)
    #expect(HostSyntax.ipv4("1.2.3.4.5") == nil)
    #expect(HostSyntax.endsInNumber("example.com") == false)
    #expect(HostSyntax.endsInNumber("1.example") == false)
    #expect(HostSyntax.problem(host: "example.com", port: 99999)?.contains("99999") == true)
    #expect(HostSyntax.problem(host: "example.com", port: 443) == nil)
  }

  /// WebKit's "cannot show this URI" (and "unknown protocol") for an address of a scheme it
  /// loads means the address is malformed; only other schemes are unsupported.
  @Test(arguments: [
    ("http://127.0.0.1:99999/", LoadError.Kind.invalidURL),
    ("https://256.256.256.256/", .invalidURL),
    ("file:///tmp/x%", .invalidURL),
    ("help-viewer://bundle/x", .invalidURL),
    ("", .invalidURL),
    ("gopher://example.com/", .unsupportedScheme),
    ("ftp://example.com/", .unsupportedScheme),
  ])
  func webKitRejectionsSayTheTrueReason(url: String, kind: LoadError.Kind) {
    for code in [C.webKitPolicyCannotShowURI] {
      let error = ErrorClassifier.classify(PlatformError(domain: D.webKitPolicy, code: code, message: "m"), url: url)
      #expect(error?.kind == kind, "\(url)")
    }
    let unknown = ErrorClassifier.classify(
      PlatformError(domain: D.webKitNetwork, code: C.webKitNetworkUnknownProtocol, message: "m"), url: url)
    #expect(unknown?.kind == kind, "\(url)")
    #expect(
      ErrorClassifier.classify(
        PlatformError(domain: D.webKitPolicy, code: C.webKitPolicyCannotShowURI, message: "m"), url: nil)?
        .kind == .invalidURL)
  }

  /// Even a `.unsupportedScheme` made by hand for a web address never says web addresses are
  /// unsupported.
  @Test func noMessageClaimsWebAddressesAreUnsupported() {
    Localization.withLanguages([]) {
      for url in ["http://127.0.0.1:99999/", "https://x/", "file:///a", "help-viewer://bundle/a"] {
        let message = LoadError(.unsupportedScheme, url: url).message
        #expect(!message.contains("“http"), "\(message)")
        #expect(!message.contains("“https"), "\(message)")
        #expect(!message.contains("“file"), "\(message)")
      }
      #expect(LoadError(.unsupportedScheme, url: "ftp://x/").message.contains("“ftp:”"))
    }
  }
}
