import Testing

@testable import HelpViewerCore

/// Errors about the app's own content tell the truth (issue 30): no server, no HTTP status, no
/// internal host name such as `book-1`; kinds of their own; no Retry where it cannot help.
struct LocalContentErrorTests {
  static let localAddresses = [
    "help-viewer://book-1/counting.html#adding", "help-viewer://notes/help/index.html", "file:///usr/share/x.html",
    "help:tally/counting",
  ]

  @Test(arguments: localAddresses)
  func noWordOfAServerForLocalContent(address: String) {
    // Every kind the app's own content can fail with (no DNS, TLS or redirects there).
    let kinds: [LoadError.Kind] = [
      .pageNotFound, .invalidPage, .pageTooLarge, .pageTooSlow, .timedOut, .blockedByPolicy, .cannotShowContent,
      .webProcessTerminated, .pageNotResponding, .helpNotFound, .helpFormatUnsupported, .helpRendererMissing,
      .resourcesNotFound, .other,
    ]
    // `.helpNotFound` is about help: addresses alone, and names the app asked for.
    for kind in kinds where kind != .helpNotFound || address.hasPrefix("help:") {
      for status in [nil, 404] {
        let error = LoadError(kind, url: address, httpStatus: status)
        let words = error.title + " " + error.message
        #expect(!words.contains("book-1") && !words.contains("“notes”"), "\(kind): \(words)")
        #expect(!words.lowercased().contains("server"), "\(kind): \(words)")
        #expect(!words.contains("HTTP"), "\(kind): \(words)")
      }
    }
  }

  @Test func theBundledSchemesErrorsKeepTheirKind() {
    for kind in [LoadError.Kind.pageNotFound, .invalidPage, .pageTooLarge, .pageTooSlow, .blockedByPolicy] {
      let platform = PlatformError(
        domain: ContentErrorDomain.name, code: ContentErrorDomain.code(for: kind), message: "counting.page:3:7: bad")
      let error = ErrorClassifier.classify(platform, url: "help-viewer://book-1/counting.html")
      #expect(error?.kind == kind)
      #expect(error?.details == "counting.page:3:7: bad", "the details as the scheme said them")
      #expect(error?.httpStatus == nil)
    }
    #expect(ContentErrorDomain.kind(forCode: 999) == .other)
  }

  @Test func noRetryWhereRetryingCannotHelp() {
    #expect(!LoadError(.pageNotFound).isRetryable)
    #expect(!LoadError(.invalidPage).isRetryable)
    #expect(!LoadError(.pageTooLarge).isRetryable)
    #expect(LoadError(.pageTooSlow).isRetryable, "a busy machine may be quicker next time")
    #expect(LoadError(.timedOut, url: "help-viewer://book-1/a.html").isRetryable)
  }

  @Test func aSlowLocalPageIsNotAServerThatDidNotAnswer() {
    let error = LoadError(.timedOut, url: "help-viewer://book-1/counting.html")
    #expect(error.message == "The page took too long to show. Try again.")
    let remote = LoadError(.timedOut, url: "https://example.com/terms")
    #expect(remote.message.contains("example.com"), "a real server is still named")
  }
}
