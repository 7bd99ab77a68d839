import Testing

@testable import HelpViewerCore

/// The address a kept web view's empty page gets (issue 30): on the closed page's site, never
/// a page's own address, so the next page (that page at a section) is a load, not a scroll.
struct ClosedPageAddressTests {
  @Test func keepsTheSiteAndDropsThePageAndItsSection() {
    #expect(
      ClosedPageAddress.base(onSiteOf: "help-viewer://book-1/counting.html#adding")
        == "help-viewer://book-1/?help-viewer-closed-page")
    #expect(
      ClosedPageAddress.base(onSiteOf: "http://127.0.0.1:8080/help/index.html?x=1#top")
        == "http://127.0.0.1:8080/?help-viewer-closed-page")
  }

  @Test func neverNamesTheSameDocumentAsAPageOfTheSite() {
    for page in ["help-viewer://book-1/", "help-viewer://book-1/#x", "http://example.com/", "http://example.com/?a#b"] {
      let base = ClosedPageAddress.base(onSiteOf: page)
      #expect(base != nil)
      #expect(!DocumentAddress.same(page, base), "\(page)")
    }
  }

  @Test func addressesWithoutASiteGetNone() {
    #expect(ClosedPageAddress.base(onSiteOf: "about:blank") == nil)
    #expect(ClosedPageAddress.base(onSiteOf: "data:text/html,hi") == nil)
    #expect(ClosedPageAddress.base(onSiteOf: "") == nil)
  }
}
