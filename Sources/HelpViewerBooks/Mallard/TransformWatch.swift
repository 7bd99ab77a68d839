import Foundation
import HelpViewerCXSLT

/// Stops one XSLT transform that runs past its deadline: a timer on another thread marks the
/// transform's context stopped (`hv_xslt_stop`), and libxslt ends it at its next step. The
/// transform's thread calls `finish()` before it frees the context, so the timer never
/// touches a freed one.
///
/// ```swift
/// let watch = TransformWatch(context, deadline: .now() + 10)
/// let result = xsltApplyStylesheetUser(…, context)
/// watch.finish()
/// if watch.stopped { … }   // out of time
/// ```
final class TransformWatch: @unchecked Sendable {
  // Sendable: `context` and `didStop` are only touched under `lock`.
  private let lock = NSLock()
  private var context: xsltTransformContextPtr?
  private var didStop = false

  init(_ context: xsltTransformContextPtr, deadline: DispatchTime) {
    self.context = context
    DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: deadline) { [weak self] in self?.stop() }
  }

  private func stop() {
    lock.withLock {
      guard let context else { return }
      hv_xslt_stop(context)
      didStop = true
    }
  }

  /// The transform ended: the timer does nothing from now on.
  func finish() { lock.withLock { context = nil } }

  /// Whether the deadline stopped the transform.
  var stopped: Bool { lock.withLock { didStop } }
}
