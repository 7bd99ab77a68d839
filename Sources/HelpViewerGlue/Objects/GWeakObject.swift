import HelpViewerCGtk

/// A GObject weak reference: tells whether the object still lives, without keeping it alive.
///
/// ```swift
/// let watch = GWeakObject(webView)
/// // … close the dialog …
/// XCTAssertFalse(watch.isAlive)
/// ```
public final class GWeakObject {
  private let ref = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)

  public init(_ object: UnsafeMutableRawPointer) {
    ref.initialize(to: GWeakRef())
    g_weak_ref_init(ref, object)
  }

  deinit {
    g_weak_ref_clear(ref)
    ref.deallocate()
  }

  /// Whether the object has not been finalized yet.
  public var isAlive: Bool { withObject { _ in true } ?? false }

  /// Runs `body` with the object held alive for the call, or returns `nil` when it is gone.
  public func withObject<R>(_ body: (UnsafeMutableRawPointer) -> R) -> R? {
    guard let object = g_weak_ref_get(ref) else { return nil }
    defer { g_object_unref(object) }
    return body(object)
  }
}
