import CGtk
import Foundation
import HelpViewer

/// `--self-test`: what a person does on a first launch, as a script. The terms show on their own
/// (first launch) and are accepted; F1's action opens the help, which loads, comes to the front
/// on F1 again, and is closed; the menu's Terms of Service shows the terms again, accepted again;
/// the tips pane has loaded; the app quits. Each step prints a line; any step that does not happen within 30 s fails the run.
@MainActor
struct SelfTest {
  private let acme: AcmeApp

  init(_ acme: AcmeApp) { self.acme = acme }

  /// Runs the script from a first launch on; returns the exit status.
  func run() async -> Int32 {
    do {
      let firstLaunch = try await wait("first-launch terms shown") { acme.termsDialog }
      try await wait("first-launch terms readable to the end") { firstLaunch.canAccept ? true : nil }
      firstLaunch.accept()
      try await wait("first-launch terms accepted") { acme.terms.isAccepted ? true : nil }
      g_action_group_activate_action(OpaquePointer(acme.app), "help", nil)
      let help = try await wait("help dialog open") { acme.helpDialog }
      try await wait("help loaded, titled “AcmeNotes Help”") {
        help.viewer.state.phase == .loaded && help.viewer.state.title == "AcmeNotes Help" ? true : nil
      }
      g_action_group_activate_action(OpaquePointer(acme.app), "help", nil)
      try step("F1 again brings the open help to the front") { acme.helpDialog === help }
      help.close()
      try step("help closed, its window no longer its own") { !help.isOpen && help.window == nil }

      let firstReceipt = acme.terms.receipt
      g_action_group_activate_action(OpaquePointer(acme.app), "terms", nil)
      let terms = try await wait("terms dialog open") { acme.termsDialog }
      try await wait("terms readable to the end") { terms.canAccept ? true : nil }
      terms.accept()
      try await wait("terms accepted again") {
        acme.terms.receipt.map { $0.acceptedAt != firstReceipt?.acceptedAt } == true ? true : nil
      }
      if let tips = acme.window?.tips {
        try await wait("tips pane loaded") { tips.state.phase == .loaded ? true : nil }
      }
      say("self-test passed")
      acme.quit()
      return 0
    } catch {
      FileHandle.standardError.write(Data("self-test failed: \(error)\n".utf8))
      acme.quit()
      return 1
    }
  }

  /// One line on standard output, at once (also into a pipe).
  private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  private struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  private func step(_ name: String, _ check: () -> Bool) throws {
    guard check() else { throw Failure(description: name) }
    say("ok: \(name)")
  }

  /// Waits, with the main loop running, until `value` gives something, checking every 50 ms.
  @discardableResult
  private func wait<T>(_ name: String, _ value: @escaping @MainActor () -> T?) async throws -> T {
    let deadline = Date().addingTimeInterval(30)
    while true {
      if let found = value() {
        say("ok: \(name)")
        return found
      }
      if Date() > deadline { throw Failure(description: "timed out: \(name)") }
      await nextTick()
    }
  }

  /// Resumes after one 50 ms GLib timeout.
  private func nextTick() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let box = Unmanaged.passRetained(ContinuationBox(continuation)).toOpaque()
      g_timeout_add_once(
        50,
        { data in
          guard let data else { return }
          Unmanaged<ContinuationBox>.fromOpaque(data).takeRetainedValue().continuation.resume()
        }, box)
    }
  }
}

private final class ContinuationBox: @unchecked Sendable {
  let continuation: CheckedContinuation<Void, Never>
  init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }
}
