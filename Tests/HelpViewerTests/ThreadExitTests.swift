import Foundation
import XCTest

/// How a thread's last round of pthread destructors goes: the rounds a key's destructor saw,
/// and what it allocated in the last one.
nonisolated(unsafe) private var lateKey = pthread_key_t()
nonisolated(unsafe) private var lateRound = 0
nonisolated(unsafe) private var lateAllocation: [String] = []

/// Threads end cleanly when their last pthread destructors run Swift code that allocates, as
/// Foundation's own do on every thread that used Foundation.
///
/// glibc runs a thread's destructors in up to four rounds; Foundation sets its thread values
/// again in the third, so they are destroyed in the fourth. Under ThreadSanitizer the runtime
/// released the thread's state at the start of that round, and an allocation then crashed the
/// whole test process ("CHECK failed … ((thr->slot)) != (0)", signal 11): the test shim
/// `hv_test_tsan_thread_exit.c` runs those destructors before the runtime lets the thread go.
/// Without it, this test crashes the process under `scripts/test.sh --sanitize thread`.
final class ThreadExitTests: XCTestCase {
  func testSwiftCodeAllocatingInAThreadsLastDestructorRoundRunsAndTheThreadEnds() {
    lateRound = 0
    lateAllocation = []
    XCTAssertEqual(
      pthread_key_create(&lateKey) { value in
        // Set again until glibc's fourth and last round, as Foundation's values are.
        let round = Int(bitPattern: value)
        guard round >= 4 else {
          pthread_setspecific(lateKey, UnsafeRawPointer(bitPattern: round + 1))
          return
        }
        lateAllocation = (1...64).map { "page \($0)" }
        lateRound = round
      }, 0)
    defer { pthread_key_delete(lateKey) }
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { _ in
        pthread_setspecific(lateKey, UnsafeRawPointer(bitPattern: 1))
        return nil
      }, nil)
    XCTAssertEqual(started, 0)
    guard started == 0 else { return }
    XCTAssertEqual(pthread_join(thread, nil), 0)
    XCTAssertEqual(lateRound, 4, "the destructor did not run in glibc's fourth round")
    XCTAssertEqual(lateAllocation.count, 64)
    XCTAssertEqual(lateAllocation.last, "page 64")
  }
}
