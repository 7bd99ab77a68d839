import CGtk

private let activateTrampoline: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
  _, _, data in
  guard let box = ClosureBox<@MainActor () -> Void>.from(data) else { return }
  MainActor.assumeIsolated { box.body() }
}

/// `GSimpleAction::activate` for an action without a parameter: a menu item, a shortcut or an
/// actionable widget fired it.
///
/// ```swift
/// signals += connectActivate(action) { [weak self] in self?.openInBrowser() }
/// ```
@discardableResult
public func connectActivate(
  _ action: OpaquePointer, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  connect(
    UnsafeMutableRawPointer(action), "activate", box: ClosureBox(handler),
    trampoline: unsafeBitCast(activateTrampoline, to: GCallback.self))
}
