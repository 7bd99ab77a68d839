import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// A certificate a host trusts for one viewer is trusted by that viewer (and by viewers that
/// trust the same), never by the others, the pooled views or the next dialog; `mustShowAgain`
/// trusts what it is given and nothing else.
final class CertificateTrustTests: GtkTestCase {
  func testATrustedCertificateHoldsOnlyForTheViewersThatTrustIt() throws {
    try onMain {
      let server = try TestServer(certificate: TestCertificates.selfSigned)
      server.route("/", .page("<title>Intranet</title>"))
      defer { server.stop() }
      HelpViewerEngine.dropSpareViews()  // Start without an earlier test's kept views.
      let parent = showInWindow(gtk_label_new("host")!, title: "Trust host")
      defer { gtk_window_destroy(parent) }
      var trusting = ViewerConfiguration()
      trusting.trustedCertificates = [
        "127.0.0.1": TestCertificates.selfSigned, "localhost": TestCertificates.selfSigned,
      ]

      // A: trusts the certificate, and loads.
      let viewerA = LoadingWebView(url: URL(string: "https://127.0.0.1:\(server.port)/")!, configuration: trusting)
      let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
      gtk_window_set_child(parent, box)
      gtk_box_append(gcast(box), viewerA.gtkWidget)
      waitUntil("A loaded with the trusted certificate") { viewerA.state.title == "Intranet" }
      XCTAssertFalse(WebEngine.isShared(viewerA.parts.webViewRef), "A's view is on the shared session")

      // B: the same addresses, no trust, while A is still open.
      for host in ["127.0.0.1", "localhost"] {
        let viewerB = LoadingWebView(url: URL(string: "https://\(host):\(server.port)/")!)
        var phases: [LoadPhase] = []
        viewerB.onStateChange = { phases.append($0.phase) }
        gtk_box_append(gcast(box), viewerB.gtkWidget)
        waitUntil("B (\(host)) failed") { viewerB.state.phase != .loading && viewerB.state.phase != .idle }
        XCTAssertEqual(viewerB.state.error?.kind, .tlsFailure, "\(host): \(phases)")
        XCTAssertFalse(phases.contains(.loaded), "\(host): B loaded with A's trust: \(phases)")
        viewerB.detach()
        gtk_box_remove(gcast(box), viewerB.gtkWidget)
      }

      // A second trusting viewer trusts too; its closed view serves no other viewer.
      let viewerA2 = LoadingWebView(url: URL(string: "https://localhost:\(server.port)/")!, configuration: trusting)
      gtk_box_append(gcast(box), viewerA2.gtkWidget)
      waitUntil("A2 loaded") { viewerA2.state.title == "Intranet" }
      viewerA.detach()
      viewerA2.detach()

      // Nor do the dialogs after them (pooled views, kept windows).
      for round in 0..<2 {
        let dialog = HelpDialog.present(server.url("/"), title: "Untrusting", over: parent)
        waitUntil("dialog \(round) settled") {
          dialog.viewer.state.error != nil || dialog.viewer.state.phase == .loaded
        }
        XCTAssertEqual(dialog.viewer.state.error?.kind, .tlsFailure, "dialog \(round)")
        XCTAssertTrue(WebEngine.isShared(dialog.viewer.parts.webViewRef))
        dialog.close()
      }
    }
  }

  func testMustShowAgainTrustsOnlyTheCertificatesItIsGiven() throws {
    try onMain {
      let server = try TestServer(certificate: TestCertificates.selfSigned)
      let bytes = Array("<title>Terms</title><p>Be kind.</p>".utf8)
      server.route("/terms", .bytes(bytes))
      defer { server.stop() }
      let address = "https://127.0.0.1:\(server.port)/terms"
      let receipt = TermsReceipt(
        requestedURL: address, finalURL: address, sha256: Checksum.sha256(bytes), acceptedAt: Date())

      XCTAssertEqual(try fetch(receipt, trusting: ["127.0.0.1": TestCertificates.selfSigned]).get(), false)
      guard case .failure(let untrusted) = fetch(receipt, trusting: [:]) else {
        return XCTFail("fetched without trust")
      }
      XCTAssertEqual(untrusted.kind, .tlsFailure)
      // Another host's trust, or another certificate for this host, is no trust.
      guard case .failure(let otherHost) = fetch(receipt, trusting: ["localhost": TestCertificates.selfSigned]) else {
        return XCTFail("fetched with another host's trust")
      }
      XCTAssertEqual(otherHost.kind, .tlsFailure)
      guard case .failure(let otherCertificate) = fetch(receipt, trusting: ["127.0.0.1": TestCertificates.expired])
      else { return XCTFail("fetched with another certificate's trust") }
      XCTAssertEqual(otherCertificate.kind, .tlsFailure)
      // And a fetch with trust leaves none behind.
      guard case .failure(let after) = fetch(receipt, trusting: [:]) else {
        return XCTFail("the trusted fetch's trust stayed")
      }
      XCTAssertEqual(after.kind, .tlsFailure)
    }
  }
}

/// `TermsDialog.mustShowAgain(receipt, trustedCertificates:)`, run as a task while the main loop
/// spins.
@MainActor
private func fetch(
  _ receipt: TermsReceipt, trusting certificates: [String: String], file: StaticString = #filePath, line: UInt = #line
) -> Result<Bool, LoadError> {
  var result: Result<Bool, LoadError>?
  Task { @MainActor in
    do {
      result = .success(try await TermsDialog.mustShowAgain(receipt, trustedCertificates: certificates, timeout: 20))
    } catch let error as LoadError {
      result = .failure(error)
    } catch {
      result = .failure(LoadError(.other, details: "not a LoadError: \(error)"))
    }
  }
  waitUntil("mustShowAgain answered", timeout: 25, file: file, line: line) { result != nil }
  return result ?? .failure(LoadError(.other, details: "mustShowAgain did not answer"))
}
