import Foundation
import HelpViewerCore
import XCTest

@testable import HelpViewer

/// `TermsDialog.mustShowAgain` fetches at most 10 MB and stops when its task is cancelled, against
/// a real server on 127.0.0.1 whose bodies are too large or never end.
final class TermsFetchTests: GtkTestCase {
  func testABodyAnnouncedLargerThanTheLimitFailsClearly() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/big", .bytes([UInt8](repeating: 0x61, count: TermsDialog.documentLimit + 1)))
      let result = fetchAgain(server.url("/big"))
      guard case .failure(let error as LoadError) = result else {
        return XCTFail("expected a LoadError, got \(result)")
      }
      XCTAssertEqual(error.kind, .cannotShowContent)
      XCTAssertTrue(error.details?.contains("10 MB") == true, error.details ?? "")
    }
  }

  /// A body that never ends (chunked, no length) fails once 10 MB came in: the server wrote
  /// little more than that (what the sockets buffer), not the gigabyte it has to give.
  func testABodyThatNeverEndsFailsAfterTenMegabytes() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/endless", .endless)
      let result = fetchAgain(server.url("/endless"))
      guard case .failure(let error as LoadError) = result else {
        return XCTFail("expected a LoadError, got \(result)")
      }
      XCTAssertEqual(error.kind, .cannotShowContent)
      XCTAssertGreaterThanOrEqual(server.endlessBytesWritten, TermsDialog.documentLimit - 64 * 1024)
      XCTAssertLessThan(server.endlessBytesWritten, TermsDialog.documentLimit + 8 * 1024 * 1024)
      // The client closed the connection: the server stops writing.
      waitUntil("the server saw the connection close") { server.endlessDisconnects == 1 }
      XCTAssertLessThan(server.endlessBytesWritten, TermsDialog.documentLimit + 8 * 1024 * 1024)
    }
  }

  func testAFileLargerThanTheLimitFailsClearly() {
    onMain {
      let result = fetchAgain(URL(fileURLWithPath: "/dev/zero"))
      guard case .failure(let error as LoadError) = result else {
        return XCTFail("expected a LoadError, got \(result)")
      }
      XCTAssertEqual(error.kind, .cannotShowContent)
    }
  }

  /// A server that sends a byte every half second never lets libsoup's idle timeout fire: the
  /// fetch's own deadline ends it.
  func testAServerTricklingBytesTimesOutAtTheDeadline() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/trickle", .trickle(interval: 0.5))
      let start = Date()
      let run = FetchRun(server.url("/trickle"), timeout: 2)
      waitUntil("mustShowAgain answered", timeout: 15) { run.result != nil }
      let elapsed = Date().timeIntervalSince(start)
      guard case .failure(let error as LoadError) = run.result else {
        return XCTFail("expected a LoadError, got \(String(describing: run.result))")
      }
      XCTAssertEqual(error.kind, .timedOut, "\(error)")
      XCTAssertGreaterThanOrEqual(elapsed, 1.9)
      XCTAssertLessThan(elapsed, 8)
    }
  }

  /// A named pipe at a file: receipt's address fails at once instead of waiting for a writer.
  func testANamedPipeAtAFileAddressFailsAtOnce() throws {
    try onMain {
      let pipe = FileManager.default.temporaryDirectory.appendingPathComponent("hv-terms-\(UUID().uuidString).html")
      XCTAssertEqual(mkfifo(pipe.path, 0o600), 0)
      defer { try? FileManager.default.removeItem(at: pipe) }
      let result = fetchAgain(pipe)
      guard case .failure(let error as LoadError) = result else {
        return XCTFail("expected a LoadError, got \(result)")
      }
      XCTAssertEqual(error.kind, .cannotShowContent)
      XCTAssertTrue(error.details?.contains("Not a regular file") == true, "\(error)")
    }
  }

  func testCancellingTheTaskWhileTheServerIsSilentThrowsCancellationError() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/hang", .hang)
      let run = FetchRun(server.url("/hang"))
      waitUntil("the server got the request") { server.hits["/hang"] == 1 }
      run.task.cancel()
      waitUntil("mustShowAgain answered", timeout: 5) { run.result != nil }
      guard case .failure(let error) = run.result else {
        return XCTFail("expected an error, got \(String(describing: run.result))")
      }
      XCTAssertTrue(error is CancellationError, "\(error)")
    }
  }

  func testCancellingTheTaskWhileTheBodyComesInThrowsCancellationError() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/endless", .endless)
      let run = FetchRun(server.url("/endless"))
      waitUntil("the body is coming in") { server.endlessBytesWritten > 0 }
      run.task.cancel()
      waitUntil("mustShowAgain answered", timeout: 5) { run.result != nil }
      guard case .failure(let error) = run.result else {
        return XCTFail("expected an error, got \(String(describing: run.result))")
      }
      XCTAssertTrue(error is CancellationError, "\(error)")
    }
  }

  func testATaskCancelledBeforeItAsksThrowsCancellationErrorWithoutARequest() throws {
    try onMain {
      let server = try TestServer()
      defer { server.stop() }
      server.route("/terms", .page("<title>Terms</title>"))
      let run = FetchRun(server.url("/terms"))
      run.task.cancel()
      waitUntil("mustShowAgain answered", timeout: 5) { run.result != nil }
      guard case .failure(let error) = run.result else {
        return XCTFail("expected an error, got \(String(describing: run.result))")
      }
      XCTAssertTrue(error is CancellationError, "\(error)")
      XCTAssertNil(server.hits["/terms"])
    }
  }
}

/// `TermsDialog.mustShowAgain` for a receipt of `url`, as a task of its own.
@MainActor
private final class FetchRun {
  private(set) var result: Result<Bool, any Error>?
  private(set) var task: Task<Void, Never>!

  init(_ url: URL, timeout: Double = 30) {
    let receipt = TermsReceipt(
      requestedURL: url.absoluteString, finalURL: url.absoluteString, sha256: "", acceptedAt: Date())
    task = Task { @MainActor [weak self] in
      do {
        let answer = try await TermsDialog.mustShowAgain(receipt, timeout: timeout)
        self?.result = .success(answer)
      } catch {
        self?.result = .failure(error)
      }
    }
  }
}

/// `TermsDialog.mustShowAgain` for a receipt of `url`, waited for while the main loop spins.
@MainActor
private func fetchAgain(_ url: URL, file: StaticString = #filePath, line: UInt = #line) -> Result<Bool, any Error> {
  let run = FetchRun(url)
  waitUntil("mustShowAgain answered", timeout: 20, file: file, line: line) { run.result != nil }
  return run.result ?? .failure(LoadError(.other, details: "mustShowAgain did not answer"))
}
