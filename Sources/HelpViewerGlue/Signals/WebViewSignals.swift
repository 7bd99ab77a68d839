import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore

// Typed connections for WebKitWebView's signals, one per signal, as in gtk-rs's webkit6 crate.

private let loadChangedTrampoline:
  @convention(c) (UnsafeMutableRawPointer?, WebKitLoadEvent, UnsafeMutableRawPointer?) -> Void = {
    _, event, data in
    guard let box = ClosureBox<@MainActor (WebKitLoadEvent) -> Void>.from(data) else { return }
    MainActor.assumeIsolated { box.body(event) }
  }

/// What `load-failed` hands the handler: the failing address and the error.
public struct LoadFailure {
  public var uri: String
  public var error: PlatformError
}

private let loadFailedTrampoline:
  @convention(c) (
    UnsafeMutableRawPointer?, WebKitLoadEvent, UnsafePointer<CChar>?, UnsafeMutablePointer<GError>?,
    UnsafeMutableRawPointer?
  ) -> gboolean = { _, _, uri, error, data in
    guard let box = ClosureBox<@MainActor (LoadFailure) -> Bool>.from(data) else { return 0 }
    let failure = LoadFailure(uri: uri.map { String(cString: $0) } ?? "", error: PlatformError(reading: error))
    return MainActor.assumeIsolated { box.body(failure) } ? 1 : 0
  }

private let tlsErrorsTrampoline:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, GTlsCertificateFlags,
    UnsafeMutableRawPointer?
  ) -> gboolean = { _, uri, _, flags, data in
    guard let box = ClosureBox<@MainActor (String, GTlsCertificateFlags) -> Bool>.from(data) else { return 0 }
    let address = uri.map { String(cString: $0) } ?? ""
    return MainActor.assumeIsolated { box.body(address, flags) } ? 1 : 0
  }

private let terminatedTrampoline:
  @convention(c) (UnsafeMutableRawPointer?, WebKitWebProcessTerminationReason, UnsafeMutableRawPointer?) -> Void = {
    _, reason, data in
    guard let box = ClosureBox<@MainActor (WebKitWebProcessTerminationReason) -> Void>.from(data) else { return }
    MainActor.assumeIsolated { box.body(reason) }
  }

private let decidePolicyTrampoline:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutablePointer<WebKitPolicyDecision>?, WebKitPolicyDecisionType,
    UnsafeMutableRawPointer?
  ) -> gboolean = { _, decision, type, data in
    guard let decision,
      let box = ClosureBox<@MainActor (UnsafeMutablePointer<WebKitPolicyDecision>, WebKitPolicyDecisionType) -> Bool>
        .from(data)
    else { return 0 }
    nonisolated(unsafe) let unsafeDecision = decision
    return MainActor.assumeIsolated { box.body(unsafeDecision, type) } ? 1 : 0
  }

private let createTrampoline:
  @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> UnsafeMutablePointer<
    GtkWidget
  >? = { _, action, data in
    guard let action, let box = ClosureBox<@MainActor (OpaquePointer) -> Void>.from(data) else { return nil }
    nonisolated(unsafe) let unsafeAction = action
    MainActor.assumeIsolated { box.body(unsafeAction) }
    return nil
  }

private let historyTrampoline:
  @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
  ) -> Void = { _, _, _, data in
    guard let box = ClosureBox<@MainActor () -> Void>.from(data) else { return }
    MainActor.assumeIsolated { box.body() }
  }

extension UnsafeMutablePointer where Pointee == WebKitWebView {
  /// `load-changed`: STARTED, REDIRECTED, COMMITTED, FINISHED.
  @discardableResult
  public func connectLoadChanged(_ handler: @escaping @MainActor (WebKitLoadEvent) -> Void) -> SignalConnection {
    connect(
      self, "load-changed", box: ClosureBox(handler),
      trampoline: unsafeBitCast(loadChangedTrampoline, to: GCallback.self))
  }

  /// `load-failed`: return `true` to stop WebKit from loading its own error page.
  @discardableResult
  public func connectLoadFailed(_ handler: @escaping @MainActor (LoadFailure) -> Bool) -> SignalConnection {
    connect(
      self, "load-failed", box: ClosureBox(handler), trampoline: unsafeBitCast(loadFailedTrampoline, to: GCallback.self)
    )
  }

  /// `load-failed-with-tls-errors`: return `false` to let the load fail (`load-failed` follows).
  @discardableResult
  public func connectLoadFailedWithTLSErrors(
    _ handler: @escaping @MainActor (String, GTlsCertificateFlags) -> Bool
  ) -> SignalConnection {
    connect(
      self, "load-failed-with-tls-errors", box: ClosureBox(handler),
      trampoline: unsafeBitCast(tlsErrorsTrampoline, to: GCallback.self))
  }

  /// `web-process-terminated`: the page's process crashed, exceeded its memory or was killed.
  @discardableResult
  public func connectWebProcessTerminated(
    _ handler: @escaping @MainActor (WebKitWebProcessTerminationReason) -> Void
  ) -> SignalConnection {
    connect(
      self, "web-process-terminated", box: ClosureBox(handler),
      trampoline: unsafeBitCast(terminatedTrampoline, to: GCallback.self))
  }

  /// `decide-policy`, connected before WebKit's default handler (which decides "use" and stops
  /// the emission): return `true` when the handler decided.
  @discardableResult
  public func connectDecidePolicy(
    _ handler: @escaping @MainActor (UnsafeMutablePointer<WebKitPolicyDecision>, WebKitPolicyDecisionType) -> Bool
  ) -> SignalConnection {
    connect(
      self, "decide-policy", box: ClosureBox(handler),
      trampoline: unsafeBitCast(decidePolicyTrampoline, to: GCallback.self))
  }

  /// `create`: the page asked for a new window (`window.open`, `target=_blank`). No window is
  /// created; the handler gets the navigation action to decide what to do instead.
  @discardableResult
  public func connectCreate(_ handler: @escaping @MainActor (OpaquePointer) -> Void) -> SignalConnection {
    connect(self, "create", box: ClosureBox(handler), trampoline: unsafeBitCast(createTrampoline, to: GCallback.self))
  }

  /// The back-forward list's `changed`: history moved, so can-go-back/forward may have changed.
  @discardableResult
  public func connectHistoryChanged(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    let list: UnsafeMutableRawPointer = UnsafeMutableRawPointer(webkit_web_view_get_back_forward_list(self))
    return connect(
      list, "changed", box: ClosureBox(handler), trampoline: unsafeBitCast(historyTrampoline, to: GCallback.self))
  }
}
