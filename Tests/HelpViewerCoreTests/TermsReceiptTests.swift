import Foundation
import Testing

@testable import HelpViewerCore

@Suite struct TermsReceiptTests {
  private let document = DocumentFingerprint(
    finalURL: "https://example.com/terms/v2",
    sha256: "6ac3c47ea3a0a0f976c8e9780ce3553ab0ddd577eaa31790b6b09f40bf4bbcb3", etag: "\"v2\"",
    lastModified: "Tue, 01 Dec 2026 10:00:00 GMT")

  @Test func recordsTheDocument() {
    let time = Date(timeIntervalSince1970: 1_800_000_000)
    let receipt = TermsReceipt(
      requestedURL: "https://example.com/terms", document: document, title: "Terms", acceptedAt: time)
    #expect(receipt.finalURL == "https://example.com/terms/v2")
    #expect(receipt.sha256 == "6ac3c47ea3a0a0f976c8e9780ce3553ab0ddd577eaa31790b6b09f40bf4bbcb3")
    #expect(receipt.etag == "\"v2\"")
    #expect(receipt.lastModified == "Tue, 01 Dec 2026 10:00:00 GMT")
    #expect(receipt.isOfflineCopy == false)
    #expect(receipt.acceptedAt == time)
  }

  @Test func survivesJSON() throws {
    let receipt = TermsReceipt(
      requestedURL: "https://example.com/terms", document: document, title: nil,
      acceptedAt: Date(timeIntervalSince1970: 1_800_000_000.25))
    let data = try JSONEncoder().encode(receipt)
    #expect(try JSONDecoder().decode(TermsReceipt.self, from: data) == receipt)
  }

  @Test func recordsTheLanguageOfATermsBookAndReadsReceiptsFromBeforeIt() throws {
    let german = TermsReceipt(
      requestedURL: "help-viewer://book-1/terms.html", document: document, title: "AGB",
      acceptedAt: Date(timeIntervalSince1970: 1_800_000_000), language: "de")
    let data = try JSONEncoder().encode(german)
    #expect(try JSONDecoder().decode(TermsReceipt.self, from: data).language == "de")
    // A receipt a host stored before receipts had a language: exactly the old fields.
    let old = #"""
      {"requestedURL":"https://example.com/terms","finalURL":"https://example.com/terms/v2",
       "sha256":"6ac3c47ea3a0a0f976c8e9780ce3553ab0ddd577eaa31790b6b09f40bf4bbcb3","etag":"\"v2\"",
       "title":"Terms","isOfflineCopy":false,"acceptedAt":800000000}
      """#
    let decoded = try JSONDecoder().decode(TermsReceipt.self, from: Data(old.utf8))
    #expect(decoded.language == nil)
    #expect(decoded.sha256 == document.sha256)
    #expect(decoded.etag == "\"v2\"")
    // Without a language, none is written: an old reader of the JSON sees what it knows.
    let plain = TermsReceipt(requestedURL: "https://example.com/terms", document: document, title: nil)
    #expect(!String(decoding: try JSONEncoder().encode(plain), as: UTF8.self).contains("language"))
  }

  @Test func mustShowAgainOnlyWhenTheHashDiffers() {
    let receipt = TermsReceipt(requestedURL: "https://example.com/terms", document: document, title: nil)
    #expect(!receipt.mustShowAgain(forServedSHA256: document.sha256))
    #expect(!receipt.mustShowAgain(forServedSHA256: document.sha256.uppercased()))
    #expect(receipt.mustShowAgain(forServedSHA256: "d67e2e944994496c8d8ec76eed0cf9f09679448d584b532bebf941852a37f5ed"))
  }

  @Test func decisionGivesItsReceipt() {
    let receipt = TermsReceipt(requestedURL: "https://example.com/terms", document: document, title: nil)
    #expect(TermsDecision.accepted(receipt).receipt == receipt)
    #expect(TermsDecision.declined.receipt == nil)
    #expect(TermsDecision.dismissed.receipt == nil)
  }
}
