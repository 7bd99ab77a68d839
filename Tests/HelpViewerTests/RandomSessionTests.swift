import Foundation
import XCTest

@testable import HelpViewer

/// Help used in sequences, not steps (issue 30): random sessions of real dialogs over Mallard
/// and HTML books, kept windows on and off, each step checked as a person would check it.
///
/// The seed is printed; `HV_SESSION_SEED=N` replays one, `HV_SESSION_STEPS=N` sets how many
/// steps run (at least 200 in CI; `scripts/test-sessions.sh` runs 5,000).
final class RandomSessionTests: GtkTestCase {
  func testRandomHelpSessions() throws {
    try XCTSkipUnless(MallardViewerTests.hasYelpXSL, "yelp-xsl is not installed")
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["HV_SESSION_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64(UInt32.max))
    let steps = environment["HV_SESSION_STEPS"].flatMap(Int.init) ?? 200
    print("RandomSessionTests: seed \(seed), \(steps) steps (HV_SESSION_SEED=\(seed) replays it)")
    try onMain {
      let walker = try SessionWalker(seed: seed)
      defer { walker.finish() }
      walker.run(steps: steps)
      print("RandomSessionTests: seed \(seed) ran \(walker.steps.count) steps")
      if environment["HV_SESSION_VERBOSE"] != nil { print(walker.steps.joined(separator: "\n")) }
    }
  }
}
