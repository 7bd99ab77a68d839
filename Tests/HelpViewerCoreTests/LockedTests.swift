import Dispatch
import Testing

@testable import HelpViewerCore

/// `Locked` gives each thread the value alone: concurrent updates all count. Run under
/// ThreadSanitizer too (`scripts/test.sh --sanitize thread`), which follows its lock.
@Suite struct LockedTests {
  @Test func concurrentUpdatesAllCount() {
    let counts = Locked([String: Int]())
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
      for step in 0..<2000 { counts.withLock { $0["k\(step % 10)", default: 0] += 1 } }
      _ = thread
    }
    #expect(counts.withLock { $0.values.reduce(0, +) } == 16000)
  }

  @Test func throwsWhatTheBodyThrowsAndUnlocks() {
    let value = Locked(1)
    #expect(throws: LoadError.self) {
      try value.withLock { (_: inout Int) throws(LoadError) in throw LoadError(.other, url: nil) }
    }
    #expect(value.withLock { $0 } == 1, "unlocked after the throw")
  }
}
