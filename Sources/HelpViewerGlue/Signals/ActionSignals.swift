import HelpViewerCGtk

// Typed connection for GSimpleAction's `activate`. GSimpleAction is a final GObject type, so
// it is an `OpaquePointer` in Swift: the connection is a free function.

private let activateTrampoline: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
  _, _, data in
  guard let box = ClosureBox<@MainActor () -> Void>.from(data) else { return }
  MainActor.assumeIsolated { box.body() }
}

/// `GSimpleAction::activate`: runs `handler` when the action is activated (by a menu item, a
/// shortcut, `gtk_widget_activate_action`, …). Parameters are ignored: HelpViewer's actions
/// take none.
///
/// ```swift
/// let action = g_simple_action_new("zoom-in", nil)!
/// connectActivate(action) { [weak self] in self?.zoomIn() }
/// ```
@discardableResult
public func connectActivate(_ action: OpaquePointer, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
  connect(
    UnsafeMutableRawPointer(action), "activate", box: ClosureBox(handler),
    trampoline: unsafeBitCast(activateTrampoline, to: GCallback.self))
}
