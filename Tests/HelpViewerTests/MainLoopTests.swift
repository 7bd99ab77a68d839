import HelpViewerGlue
import XCTest

/// `MainLoop.spin` with the timeouts a "run until closed" loop uses.
final class MainLoopTests: GtkTestCase {
  func testSpinningWithAnUnboundedTimeoutWaitsForTheCondition() {
    onMain {
      var done = false
      let timer = TimeoutSource(seconds: 0.05) { done = true }
      defer { timer.cancel() }
      XCTAssertTrue(MainLoop.spin(until: { done }, timeout: .greatestFiniteMagnitude))
      XCTAssertTrue(MainLoop.spin(until: { true }, timeout: .infinity))
      XCTAssertFalse(MainLoop.spin(until: { false }, timeout: .nan), "NaN means no time at all")
    }
  }
}
