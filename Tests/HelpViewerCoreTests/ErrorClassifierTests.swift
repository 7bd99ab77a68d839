import Testing

@testable import HelpViewerCore

@Suite struct ErrorClassifierTests {
  typealias D = ErrorClassifier.Domain
  typealias C = ErrorClassifier.Code

  @Test(arguments: [
    (D.gio, C.gioConnectionRefused, LoadError.Kind.cannotConnect),
    (D.gio, C.gioTimedOut, .timedOut),
    (D.gio, C.gioHostNotFound, .hostNotFound),
    (D.gio, C.gioNotRegularFile, .cannotShowContent),
    (D.resolver, 0, .hostNotFound),
    (D.resolver, 1, .hostNotFound),
    (D.tls, 3, .tlsFailure),
    (D.webKitPolicy, C.webKitPolicyRestrictedPort, .blockedPort),
    (D.webKitPolicy, C.webKitPolicyInterruptedByPolicyChange, .cannotShowContent),
    (D.webKitPolicy, C.webKitPolicyCannotShowMIMEType, .cannotShowContent),
    (D.webKitPolicy, C.webKitPolicyCannotShowURI, .invalidURL),  // "http://h/" is of a scheme WebKit loads.
    (D.webKitNetwork, C.webKitNetworkTransport, .cannotConnect),
    (D.webKitNetwork, C.webKitNetworkFileDoesNotExist, .httpError),
    (D.soupSession, C.soupTooManyRedirects, .tooManyRedirects),
    ("some-other-domain", 7, .other),
  ])
  func classifies(domain: String, code: Int, kind: LoadError.Kind) {
    let error = ErrorClassifier.classify(PlatformError(domain: domain, code: code, message: "m"), url: "http://h/")
    #expect(error?.kind == kind)
    #expect(error?.details?.contains("m") == true, "the underlying error stays available")
  }

  @Test func cancellationIsNeverAnError() {
    #expect(
      ErrorClassifier.classify(
        PlatformError(domain: D.webKitNetwork, code: C.webKitNetworkCancelled, message: ""), url: nil) == nil)
    #expect(ErrorClassifier.classify(PlatformError(domain: D.gio, code: C.gioCancelled, message: ""), url: nil) == nil)
  }

  @Test(arguments: [(D.webKitNetwork, C.webKitNetworkFileDoesNotExist), (D.gio, C.gioNotFound)])
  func aMissingLocalFileIsAMissingPage(domain: String, code: Int) {
    let error = ErrorClassifier.classify(PlatformError(domain: domain, code: code, message: ""), url: "file:///x")
    #expect(error?.kind == .pageNotFound)
    #expect(error?.httpStatus == nil)
    #expect(error?.isRetryable == false)
    #expect(error?.title == "Page Not Found")
    #expect(error?.message == "This page does not exist. The link may be out of date.")
  }

  @Test func everyKindHasWordsForPeople() {
    for kind in LoadError.Kind.allCases {
      let error = LoadError(kind, url: "https://example.com/a")
      #expect(!error.title.isEmpty)
      #expect(error.message.hasSuffix("."), "\(kind): \(error.message)")
      #expect(!error.message.contains("quark"), "no jargon in the message")
    }
    #expect(LoadError(.cannotConnect, url: "https://example.com/").message.contains("example.com"))
  }
}
