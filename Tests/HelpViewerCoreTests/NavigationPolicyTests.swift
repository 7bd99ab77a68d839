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
      policy.decide(NavigationRequest(url: "https://www.example.com/", kind: .other, isUserGesture: false, isRedirect: true))
        == .allow)
    #expect(policy.decide(NavigationRequest(url: "https://back.example.net/", kind: .history, isUserGesture: false)) == .allow)
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
    #expect(policy.decide(unasked("https://cdn.example.net/")) == policy.decide(NavigationRequest(url: "https://cdn.example.net/")))
  }

  @Test func hostNamedHostsAndCustomRules() {
    var named = NavigationPolicy(allowedHosts: ["docs.example.com"])
    named.adoptFirstPage("https://other.example.com/")
    #expect(named.decide(NavigationRequest(url: "https://other.example.com/")) == .openExternally)
    #expect(named.decide(NavigationRequest(url: "https://docs.example.com/")) == .allow)
    let custom = NavigationPolicy { _ in .refuse }
    #expect(custom.decide(NavigationRequest(url: "https://docs.example.com/")) == .refuse)
  }

  @Test func fileFirstPagesAllowFiles() {
    var policy = NavigationPolicy()
    policy.adoptFirstPage("file:///usr/share/help/index.html")
    #expect(policy.decide(NavigationRequest(url: "file:///usr/share/help/two.html")) == .allow)
  }
}
