import Foundation
import HelpViewerCGtk
import HelpViewerCore
import XCTest

@testable import HelpViewer
@testable import HelpViewerGlue

/// Swift concurrency under GTK's loop before any viewer exists: a task the host scheduled runs
/// once any entry point of the package was called (issue 11.4). Each case first undoes the
/// process's integration, checks that the task then waits, calls one entry point and iterates
/// the GLib loop without integrating anything itself (`MainLoop.iterate`, not `spin`).
final class MainLoopIntegrationTests: GtkTestCase {
  override func tearDown() {
    MainActor.assumeIsolated {
      MainLoop.integrateDispatch()
      HelpViewerEngine.dropSpareViews()
    }
    super.tearDown()
  }

  func testIntegrateMainLoop() {
    expectIntegration("HelpViewerEngine.integrateMainLoop()") { _ in HelpViewerEngine.integrateMainLoop() }
  }

  func testLoadingWebView() { expectIntegration("LoadingWebView()") { _ in LoadingWebView().detach() } }

  func testHelpDialog() { expectIntegration("HelpDialog()") { _ in HelpDialog(title: "Integration").close() } }

  func testHelpDialogPresent() {
    expectIntegration("HelpDialog.present") { HelpDialog.present($0.url("/page"), title: "Integration").close() }
  }

  func testTermsDialog() { expectIntegration("TermsDialog()") { TermsDialog($0.url("/page")).dismiss() } }

  func testBundledSchemeRegister() {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hv-integration-\(UUID().uuidString)")
    expectIntegration("BundledScheme.register") { _ in BundledScheme.register(folder: folder, as: "integration") }
  }

  func testPreload() { expectIntegration("HelpViewerEngine.preload") { HelpViewerEngine.preload($0.url("/page")) } }

  func testPrewarm() { expectIntegration("HelpViewerEngine.prewarm") { _ in HelpViewerEngine.prewarm() } }

  /// A task scheduled while the GLib loop does not drain the main queue waits, and runs once
  /// `entryPoint` was called and the loop iterates.
  private func expectIntegration(
    _ name: String, file: StaticString = #filePath, line: UInt = #line, _ entryPoint: @MainActor (TestServer) -> Void
  ) {
    onMain {
      guard let server = try? TestServer() else { return XCTFail("no test server", file: file, line: line) }
      server.route("/page", .page("<title>Page</title>"))
      defer { server.stop() }
      HelpViewerEngine.dropSpareViews()  // prewarm does nothing while a process is kept.
      MainLoop.removeDispatchIntegration()
      XCTAssertFalse(MainLoop.isDispatchIntegrated, file: file, line: line)
      var ran = false
      Task { @MainActor in ran = true }
      MainLoop.iterate(until: { ran }, timeout: 0.2)
      XCTAssertFalse(ran, "with no integration the task waits", file: file, line: line)
      entryPoint(server)
      XCTAssertTrue(
        MainLoop.iterate(until: { ran }, timeout: 5), "the task ran once \(name) was called", file: file, line: line)
      MainLoop.spin(until: { false }, timeout: 0.2)  // What the entry point started settles.
    }
  }

  func testMustShowAgainCalledOffTheMainActorRunsBeforeAnyViewerExists() throws {
    try onMain {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("hv-terms-\(UUID().uuidString).html")
      defer { try? FileManager.default.removeItem(at: file) }
      let bytes = Array("<title>Terms</title><p>ok</p>".utf8)
      try Data(bytes).write(to: file)
      let receipt = TermsReceipt(
        requestedURL: file.absoluteString, finalURL: file.absoluteString, sha256: Checksum.sha256(bytes),
        acceptedAt: Date())
      MainLoop.removeDispatchIntegration()
      let answer = Answer()
      Task.detached {
        do {
          answer.set(String(try await TermsDialog.mustShowAgain(receipt)))
        } catch let error as LoadError {
          answer.set("\(error.kind)")
        } catch {
          answer.set("\(error)")
        }
      }
      XCTAssertTrue(MainLoop.iterate(until: { answer.value != nil }, timeout: 5), "mustShowAgain answered")
      XCTAssertEqual(answer.value, "false", "the same document")
    }
  }
}

/// An answer a detached task hands to the main thread.
private final class Answer: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: String?

  /// `nil` until set.
  var value: String? { lock.withLock { stored } }

  func set(_ value: String) { lock.withLock { stored = value } }
}
