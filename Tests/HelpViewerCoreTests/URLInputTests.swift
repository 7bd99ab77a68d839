import Testing

@testable import HelpViewerCore

@Suite struct URLInputTests {
  @Test(arguments: [
    ("example.com", "https://example.com"),
    ("  https://example.com/help  ", "https://example.com/help"),
    ("http://127.0.0.1:8080/x", "http://127.0.0.1:8080/x"),
    ("localhost:8080/help", "http://localhost:8080/help"),
    ("127.0.0.1:5000", "http://127.0.0.1:5000"),
    ("/usr/share/doc/index.html", "file:///usr/share/doc/index.html"),
    ("file:///tmp/a.html", "file:///tmp/a.html"),
  ])
  func accepts(input: String, expected: String) throws {
    #expect(try URLInput.parse(input).get() == expected)
  }

  @Test(arguments: [
    ("", LoadError.Kind.invalidURL),
    ("   ", .invalidURL),
    ("http://", .invalidURL),
    ("not a url", .invalidURL),
    ("javascript:alert(1)", .unsupportedScheme),
    ("data:text/html,<b>x</b>", .unsupportedScheme),
    ("ftp://example.com/file", .unsupportedScheme),
    ("gopher://example.com", .unsupportedScheme),
    ("http://127.0.0.1:1/", .blockedPort),
    ("http://127.0.0.1:9/", .blockedPort),
    ("https://example.com:6667/", .blockedPort),
  ])
  func refuses(input: String, kind: LoadError.Kind) {
    switch URLInput.parse(input) {
    case .success(let uri): Issue.record("\(input) was accepted as \(uri)")
    case .failure(let error): #expect(error.kind == kind)
    }
  }

  @Test func extraSchemesCanBeAllowed() throws {
    #expect(
      try URLInput.parse("help-viewer:///help/index.html", extraSchemes: ["help-viewer"]).get()
        == "help-viewer:///help/index.html")
  }

  @Test func schemeAndHost() {
    #expect(URLInput.scheme(of: "HTTPS://x") == "https")
    #expect(URLInput.scheme(of: "no scheme here") == nil)
    #expect(URLInput.host(of: "https://example.com:8/a") == "example.com")
  }
}
