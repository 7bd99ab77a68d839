import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore

// Typed connections for WebKitPrintOperation's signals (a final type: `OpaquePointer`).

private let failedTrampoline:
  @convention(c) (OpaquePointer?, UnsafeMutablePointer<GError>?, UnsafeMutableRawPointer?) -> Void = {
    _, error, data in
    guard let box = ClosureBox<@MainActor (PlatformError) -> Void>.from(data) else { return }
    let failure = PlatformError(reading: error)
    MainActor.assumeIsolated { box.body(failure) }
  }

/// `WebKitPrintOperation::finished`: the operation is done (printed, failed or cancelled).
///
/// ```swift
/// connectPrintFinished(operation) { print("done") }
/// ```
@discardableResult
public func connectPrintFinished(_ operation: OpaquePointer, _ handler: @escaping @MainActor () -> Void)
  -> SignalConnection
{
  connectVoidSignal(UnsafeMutableRawPointer(operation), "finished", handler)
}

/// `WebKitPrintOperation::failed`: printing failed; `finished` follows.
@discardableResult
public func connectPrintFailed(_ operation: OpaquePointer, _ handler: @escaping @MainActor (PlatformError) -> Void)
  -> SignalConnection
{
  connect(
    UnsafeMutableRawPointer(operation), "failed", box: ClosureBox(handler),
    trampoline: unsafeBitCast(failedTrampoline, to: GCallback.self))
}
