import Foundation
import Testing

@testable import HelpViewerCore

#if canImport(Glibc)
  import Glibc
#endif

/// The policies the bundled scheme sends (issue 31), the origins a host may add, and the checks
/// a file gets once opened.
@Suite struct ContentSecurityPolicyTests {
  @Test func noncesAreNewEachTimeAndSafeAnywhere() {
    let nonces = (0..<100).map { _ in ContentSecurityPolicy.newNonce() }
    #expect(Set(nonces).count == 100)
    #expect(nonces.allSatisfy(ContentSecurityPolicy.isNonce))
    #expect(!ContentSecurityPolicy.isNonce("'; script-src *"))
  }

  @Test func aRenderedPageRunsOnlyWhatCarriesItsNonce() {
    let policy = ContentSecurityPolicy.rendered(nonce: "0123456789abcdef0123456789abcdef")
    let directives = Dictionary(
      uniqueKeysWithValues: policy.split(separator: ";").map {
        let words = $0.split(separator: " ").map(String.init)
        return (words[0], Array(words.dropFirst()))
      })
    #expect(directives["default-src"] == ["'none'"])
    #expect(directives["script-src"] == ["'nonce-0123456789abcdef0123456789abcdef'"])
    for name in ["connect-src", "form-action", "img-src", "media-src"] {
      #expect(directives[name]?.first == "'self'", "\(name)")
      #expect(directives[name]?.allSatisfy { $0 == "'self'" || $0 == "data:" } == true, "\(name)")
    }
    #expect(directives["object-src"] == ["'none'"])
    #expect(!policy.contains("unsafe-eval") && !policy.contains("*"))
  }

  @Test func hostPagesKeepToTheirOriginUnlessTheHostAddsOne() throws {
    #expect(BundledPagePolicy.ownOrigin.header == ContentSecurityPolicy.hostPages())
    #expect(!ContentSecurityPolicy.hostPages().contains("http"))
    let policy = try BundledPagePolicy(allowing: [
      "https://fonts.example.com", "http://127.0.0.1:8080", "https://*.cdn.example",
    ])
    #expect(
      policy.header.contains("script-src 'self' https://fonts.example.com http://127.0.0.1:8080 https://*.cdn.example"))
    for bad in [
      "*", "'unsafe-eval'", "https:", "data:", "https://a.example; script-src *", "https://a.example/x?y", "file:///",
    ] {
      #expect(throws: LoadError.self, "\(bad)") { try BundledPagePolicy(allowing: [bad]) }
    }
  }

  @Test func aNetworkPageCannotGoToLocalContent() {
    // The bundled scheme WebKit refuses to such pages itself (PageScriptPolicyTests); a host's
    // own load of it, after a web page, is the host's.
    #expect(
      !NavigationPolicy.leavesNetworkForLocal(
        NavigationRequest(url: "help-viewer://a/b.html", fromPage: "https://e.com/")))
    for target in ["help:notes", "HELP:notes/page"] {
      let fromWeb = NavigationRequest(url: target, fromPage: "https://example.com/terms")
      #expect(NavigationPolicy.leavesNetworkForLocal(fromWeb))
      #expect(NavigationPolicy().decide(fromWeb) == .refuse)
      #expect(NavigationPolicy { _ in .allow }.decide(fromWeb) == .refuse, "whatever the host's policy")
      #expect(
        NavigationPolicy().decide(NavigationRequest(url: target, fromPage: "help-viewer://book-1/a.html")) == .allow)
      #expect(
        NavigationPolicy().decide(NavigationRequest(url: target, kind: .history, fromPage: "https://e.com/")) == .allow)
    }
  }

  @Test func aFileIsCheckedOnceOpenedWhereItReallyIs() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("hv-open-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    let inside = base.appendingPathComponent("book")
    try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
    try Data("secret".utf8).write(to: base.appendingPathComponent("secret.txt"))
    try Data("page".utf8).write(to: inside.appendingPathComponent("page.txt"))
    // A link swapped in where a page was: its real path is outside.
    try FileManager.default.createSymbolicLink(
      atPath: inside.appendingPathComponent("swapped.txt").path, withDestinationPath: "../secret.txt")
    let folder = ContentPath.canonicalPath(inside.path)
    #expect(
      try RegularFile.open(inside.appendingPathComponent("page.txt"), limit: 10, inside: [folder]).read()
        == Data("page".utf8))
    #expect(
      throws: RegularFile.Problem.outside(
        realPath: ContentPath.canonicalPath(base.appendingPathComponent("secret.txt").path))
    ) {
      try RegularFile.open(inside.appendingPathComponent("swapped.txt"), limit: 10, inside: [folder])
    }
    #expect(throws: RegularFile.Problem.missing) {
      try RegularFile.open(inside.appendingPathComponent("none"), limit: 10)
    }
    #expect(throws: RegularFile.Problem.tooLarge(limit: 3)) {
      try RegularFile.open(inside.appendingPathComponent("page.txt"), limit: 3)
    }
    #expect(
      ContentPath.isInside("/a/b", "/a") && ContentPath.isInside("/a", "/a") && !ContentPath.isInside("/ab", "/a"))
    #expect(ContentPath.isInside("/x", "/"))
  }
}
