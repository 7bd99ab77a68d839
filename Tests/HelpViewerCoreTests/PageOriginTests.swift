import Testing

@testable import HelpViewerCore

@Suite struct PageOriginTests {
  @Test func httpsPagesAreEncryptedWithTheirHostUnderTheTitle() {
    let origin = PageOrigin(address: "https://example.com/help/index.html")
    #expect(origin.host == "example.com")
    #expect(origin.security == .encrypted)
    #expect(origin.browserURL == "https://example.com/help/index.html")
  }

  @Test func plainHTTPIsUnencryptedAndKeepsAnOtherPort() {
    let origin = PageOrigin(address: "http://127.0.0.1:8080/x")
    #expect(origin.host == "127.0.0.1:8080")
    #expect(origin.security == .unencrypted)
  }

  @Test func bundledPagesHaveNoHostLineAndNoBrowserAddress() {
    let origin = PageOrigin(address: "help-viewer://bundle/help/index.html")
    #expect(origin == PageOrigin(address: nil))
    #expect(origin.host == nil && origin.security == .local && origin.browserURL == nil)
  }

  @Test func filesOpenInABrowserButShowNoHost() {
    let origin = PageOrigin(address: "file:///usr/share/doc/index.html")
    #expect(origin.host == nil)
    #expect(origin.security == .local)
    #expect(origin.browserURL == "file:///usr/share/doc/index.html")
  }

  @Test func aFailedLoadNamesTheAddressThatFailed() {
    var state = LoadState()
    state.url = "help-viewer://bundle/help/index.html"
    state.requestedURL = "https://example.com/terms"
    state.phase = .failed(LoadError(.cannotConnect, url: "https://example.com/terms"))
    #expect(PageOrigin(state).host == "example.com")
    #expect(PageOrigin(state).browserURL == "https://example.com/terms")
  }

  @Test func theOfflineCopyHasNoHostLineButTheBrowserTriesTheRealPage() {
    var state = LoadState()
    state.phase = .loaded
    state.url = "help-viewer://bundle/terms/terms.html"
    state.requestedURL = "https://example.com/terms"
    state.offlineReason = LoadError(.cannotConnect, url: "https://example.com/terms")
    let origin = PageOrigin(state)
    #expect(origin.host == nil)
    #expect(origin.security == .local)
    #expect(origin.browserURL == "https://example.com/terms")
  }
}
