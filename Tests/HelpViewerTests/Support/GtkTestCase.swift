import HelpViewerCGtk
import HelpViewerGlue
import XCTest

/// Base for tests that touch GTK or WebKit: XCTest runs them on the main thread, which is the
/// thread GTK is initialised on; each test body runs isolated to the main actor.
class GtkTestCase: XCTestCase {
  nonisolated(unsafe) private static var gtkReady = false

  override func setUp() {
    super.setUp()
    MainActor.assumeIsolated {
      if !Self.gtkReady {
        Self.gtkReady = gtk_init_check() != 0
        MainLoop.integrateDispatch()
      }
    }
    continueAfterFailure = false
    XCTAssertTrue(Self.gtkReady, "No display: run the tests under Xvfb (scripts/test.sh does).")
  }

  /// Runs `body` on the main actor (the test already runs on the main thread).
  func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
  }
}

/// Spins the GLib main loop until `condition` holds; fails the test after `timeout` seconds.
@MainActor
func waitUntil(
  _ what: String, timeout: Double = 15, file: StaticString = #filePath, line: UInt = #line,
  _ condition: () -> Bool
) {
  if !MainLoop.spin(until: condition, timeout: timeout) {
    XCTFail("Timed out after \(timeout) s waiting until \(what)", file: file, line: line)
  }
}
