import Foundation

/// A value that threads share, reached only under its lock.
///
/// Used instead of the standard library's `Synchronization.Mutex`: on Linux, ThreadSanitizer
/// does not see the ordering that `Mutex`'s futex lock gives (the standard library is not
/// instrumented), and reports every pair of accesses under it as a race (checked with Swift
/// 6.3.1: four threads updating a dictionary under a `Mutex`). `NSLock` is a pthread mutex,
/// which ThreadSanitizer follows, so a report on a `Locked` value is a real one.
///
/// ```swift
/// let counts = Locked([String: Int]())
/// counts.withLock { $0["pages", default: 0] += 1 }
/// ```
public final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()

  public init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, under the lock; what `body` returns or throws is passed on.
  public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
