import Foundation
import Testing

@testable import HelpViewerCore

@Suite struct NavigationPolicyTests {
  var policy: NavigationPolicy {
    var policy = NavigationPolicy()
    policy.adoptFirstPage("https://help.example.com/index.html")
    return policy
  }

  @Test func linksStayOnTheirHost() {
    #expect(policy.decide(NavigationRequest(url: "https://help.example.com/two.html")) == .allow)
    #expect(policy.decide(NavigationRequest(url: "https://HELP.example.com/x")) == .allow)
    #expect(policy.decide(NavigationRequest(url: "https://example.org/")) == .openExternally)
    #expect(policy.decide(NavigationRequest(url: "help-viewer://bundle/help/index.html")) == .allow)
  }

  @Test func newWindowsHandlersAndScripts() {
    #expect(
      policy.decide(NavigationRequest(url: "https://help.example.com/x", opensNewWindow: true)) == .openExternally)
    #expect(policy.decide(NavigationRequest(url: "mailto:help@example.com")) == .openExternally)
    #expect(policy.decide(NavigationRequest(url: "tel:+491234")) == .openExternally)
    #expect(policy.decide(NavigationRequest(url: "javascript:alert(1)")) == .refuse)
    #expect(policy.decide(NavigationRequest(url: "data:text/html,x")) == .refuse)
    #expect(policy.decide(NavigationRequest(url: "data:text/html,x", kind: .other, isUserGesture: false)) == .refuse)
    #expect(policy.decide(NavigationRequest(url: "foo:bar")) == .refuse)
  }

  @Test func serverRedirectsAndHistoryFollowTheirPage() {
    #expect(policy.decide(NavigationRequest(url: "https://www.example.com/", kind: .other, isRedirect: true)) == .allow)
    #expect(
      policy.decide(
        NavigationRequest(url: "https://www.example.com/", kind: .other, isUserGesture: false, isRedirect: true))
        == .allow)
    #expect(
      policy.decide(NavigationRequest(url: "https://back.example.net/", kind: .history, isUserGesture: false)) == .allow
    )
  }

  /// A meta refresh or `location.href = …` is a navigation of kind `.other` without a gesture:
  /// it keeps to the allowed hosts like a click.
  @Test func scriptedNavigationsAndRefreshesObeyTheHostsLikeClicks() {
    let unasked = { (url: String) in NavigationRequest(url: url, kind: .other, isUserGesture: false) }
    #expect(policy.decide(unasked("https://cdn.example.net/")) == .openExternally)
    #expect(policy.decide(unasked("http://127.0.0.1:8080/elsewhere")) == .openExternally)
    #expect(policy.decide(unasked("https://help.example.com/moved.html")) == .allow)
    #expect(policy.decide(unasked("help-viewer://bundle/help/index.html")) == .allow)
    #expect(policy.decide(unasked("ftp://files.example.com/")) == .refuse)
    #expect(policy.decide(unasked("javascript:alert(1)")) == .refuse)
    // The same page clicked gets the same answer.
    #expect(
      policy.decide(unasked("https://cdn.example.net/"))
        == policy.decide(NavigationRequest(url: "https://cdn.example.net/")))
  }

  @Test func hostNamedHostsAndCustomRules() {
    var named = NavigationPolicy(allowedHosts: ["docs.example.com"])
    named.adoptFirstPage("https://other.example.com/")
    #expect(named.decide(NavigationRequest(url: "https://other.example.com/")) == .openExternally)
    #expect(named.decide(NavigationRequest(url: "https://docs.example.com/")) == .allow)
    let custom = NavigationPolicy { _ in .refuse }
    #expect(custom.decide(NavigationRequest(url: "https://docs.example.com/")) == .refuse)
  }

  @Test func fileFirstPagesAllowTheirOwnFolder() {
    var policy = NavigationPolicy()
    policy.adoptFirstPage("file:///usr/share/help/index.html")
    #expect(policy.allowedFolders == ["/usr/share/help"])
    #expect(!policy.allowedSchemes.contains("file"), "not every local file")
    #expect(policy.decide(NavigationRequest(url: "file:///usr/share/help/two.html")) == .allow)
    #expect(policy.decide(NavigationRequest(url: "file:///usr/share/help/sub/three.html#part")) == .allow)
    #expect(policy.decide(NavigationRequest(url: "file:///usr/share/help/")) == .allow)
    #expect(policy.decide(NavigationRequest(url: "file://localhost/usr/share/help/two.html")) == .allow)
  }

  /// Another local file is refused however the address is written, clicked or not.
  @Test(arguments: [
    "file:///etc/hostname", "file:///usr/share/helpers/x.html", "file:///usr/share/help/../secret.html",
    "file:///usr/share/help/%2e%2e/secret.html", "file:///usr/share/other/index.html", "file:///",
    "file://elsewhere.example.com/usr/share/help/two.html", "file:relative.html",
  ])
  func fileFirstPagesRefuseOtherFiles(url: String) {
    var policy = NavigationPolicy()
    policy.adoptFirstPage("file:///usr/share/help/index.html")
    #expect(policy.decide(NavigationRequest(url: url)) == .refuse)
    #expect(policy.decide(NavigationRequest(url: url, kind: .other, isUserGesture: false)) == .refuse)
    #expect(policy.decide(NavigationRequest(url: url, opensNewWindow: true)) == .refuse)
  }

  /// A folder given as an address (ending in `/`) is the folder itself; a host can name folders
  /// of its own, or allow every local file with the scheme.
  @Test func fileFoldersNamedAndWholeScheme() {
    var folder = NavigationPolicy()
    folder.adoptFirstPage("file:///srv/book/")
    #expect(folder.decide(NavigationRequest(url: "file:///srv/book/page.html")) == .allow)
    #expect(folder.decide(NavigationRequest(url: "file:///srv/other.html")) == .refuse)
    var named = NavigationPolicy()
    named.allowedFolders = ["/srv/extra/"]
    named.adoptFirstPage("file:///srv/book/index.html")
    #expect(named.decide(NavigationRequest(url: "file:///srv/extra/a.html")) == .allow)
    #expect(named.decide(NavigationRequest(url: "file:///srv/book/b.html")) == .allow)
    #expect(named.decide(NavigationRequest(url: "file:///srv/c.html")) == .refuse)
    let everything = NavigationPolicy(allowedSchemes: ["about", "file"])
    #expect(everything.decide(NavigationRequest(url: "file:///etc/hostname")) == .allow)
    // A web first page allows no local file at all.
    #expect(policy.decide(NavigationRequest(url: "file:///etc/hostname")) == .refuse)
  }

  /// Symbolic links are followed: a link inside the folder to a file outside is outside, and a
  /// folder reached through a link is the same folder.
  @Test func fileFoldersFollowSymbolicLinks() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("hv-folder-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    let book = base.appendingPathComponent("book")
    try FileManager.default.createDirectory(at: book, withIntermediateDirectories: true)
    try Data("secret".utf8).write(to: base.appendingPathComponent("secret.html"))
    try Data("two".utf8).write(to: book.appendingPathComponent("two.html"))
    try FileManager.default.createSymbolicLink(
      atPath: book.appendingPathComponent("out.html").path, withDestinationPath: "../secret.html")
    try FileManager.default.createSymbolicLink(
      atPath: base.appendingPathComponent("alias").path, withDestinationPath: "book")
    var policy = NavigationPolicy()
    policy.adoptFirstPage(base.appendingPathComponent("alias/index.html").absoluteString)
    #expect(policy.decide(NavigationRequest(url: book.appendingPathComponent("two.html").absoluteString)) == .allow)
    #expect(policy.decide(NavigationRequest(url: book.appendingPathComponent("out.html").absoluteString)) == .refuse)
    #expect(policy.decide(NavigationRequest(url: base.appendingPathComponent("secret.html").absoluteString)) == .refuse)
  }
}

@Suite struct HelpAddressPolicyTests {
  @Test func helpAddressesStayInTheViewerWhoeverAsks() {
    var policy = NavigationPolicy()
    policy.adoptFirstPage("help-viewer://book-1/index.html")
    for kind in [NavigationRequest.Kind.linkClicked, .other] {
      #expect(
        policy.decide(NavigationRequest(url: "help:gnome-help/files", kind: kind, isUserGesture: false)) == .allow)
    }
    #expect(policy.decide(NavigationRequest(url: "help:zenity", opensNewWindow: true)) == .refuse)
    let strict = NavigationPolicy(allowedSchemes: ["about"])
    #expect(strict.decide(NavigationRequest(url: "help:zenity")) == .refuse, "a host can leave help: out")
  }

  @Test func missingHelpNamesTheAppAndPageNeverAServer() {
    let page = LoadError(.helpNotFound, url: "help:zenity/calendar#x")
    #expect(page.message == "The help page “calendar” is not in the help for “zenity”.")
    #expect(page.title == "Help Not Found" && !page.isRetryable)
    let app = LoadError(.helpNotFound, url: "help:nosuchapp")
    #expect(app.message == "No help is installed for “nosuchapp”.")
    #expect(LoadError(.helpNotFound, url: "help:nosuchapp/index").message == app.message)
    #expect(
      LoadError(.helpRendererMissing).message.contains("“yelp-xsl”") && LoadError(.helpRendererMissing).isRetryable)
    #expect(!LoadError(.helpFormatUnsupported).isRetryable)
    for kind in [LoadError.Kind.helpNotFound, .helpFormatUnsupported, .helpRendererMissing] {
      let text = LoadError(kind, url: "help:zenity").message
      #expect(!text.contains("HTTP") && !text.contains("server"), "\(kind)")
    }
  }
}
