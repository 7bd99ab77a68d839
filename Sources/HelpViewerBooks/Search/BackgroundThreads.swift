import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// New threads at a lower scheduling priority (a higher nice value: on Linux the nice value of
/// `setpriority(PRIO_PROCESS, 0, …)` is the calling thread's alone),
/// for the work of building an index: on a machine with two cores, the parsing threads then
/// leave the main thread and GTK's renderer the time they need to draw every frame, and take
/// all the rest.
///
/// ```swift
/// BackgroundThreads.run(count: 2, niceness: 10) { worker in parse(pagesOf: worker) }  // waits
/// BackgroundThreads.start(niceness: 10) { build() }                                    // returns
/// ```
enum BackgroundThreads {
  /// Runs `body(worker)` on `count` new threads, each `niceness` below the caller's priority,
  /// and returns when all have finished.
  static func run(count: Int, niceness: Int32, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for worker in 0..<max(count, 1) {
      group.enter()
      start(niceness: niceness) {
        body(worker)
        group.leave()
      }
    }
    group.wait()
  }

  /// Starts `body` on a new thread, `niceness` below the caller's priority.
  static func start(niceness: Int32, _ body: @escaping @Sendable () -> Void) {
    let parent = currentNice()
    let thread = Thread {
      lower(to: parent + niceness)
      body()
    }
    thread.stackSize = 8 << 20  // As a main thread's: libxml2's parser recurses on deep pages.
    thread.start()
  }

  /// The calling thread's nice value (0 when it cannot be read).
  static func currentNice() -> Int32 {
    #if os(Linux)
      errno = 0
      let value = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
      return errno == 0 ? value : 0
    #else
      return 0
    #endif
  }

  /// Sets the calling thread's nice value to `value` (at most 19); higher only, never raises
  /// the priority.
  private static func lower(to value: Int32) {
    #if os(Linux)
      let target = min(value, 19)
      guard target > currentNice() else { return }
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, target)
    #endif
  }
}
