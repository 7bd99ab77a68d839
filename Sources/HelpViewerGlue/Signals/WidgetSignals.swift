import HelpViewerCGtk

// Typed connections for the GTK signals HelpViewer uses: one `connect…` per signal, each with
// the signal's own C signature in its trampoline. Handlers run on the main actor (GTK calls
// them on the thread that runs its main loop; `assumeIsolated` traps if that were ever not so).

typealias VoidTrampoline = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

private let voidTrampoline: VoidTrampoline = { _, data in
  guard let box = ClosureBox<@MainActor () -> Void>.from(data) else { return }
  MainActor.assumeIsolated { box.body() }
}

private let notifyTrampoline:
  @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
    _, _, data in
    guard let box = ClosureBox<@MainActor () -> Void>.from(data) else { return }
    MainActor.assumeIsolated { box.body() }
  }

/// Connects `handler` to a signal whose C signature is `void (*)(GObject *, gpointer)`.
@discardableResult
public func connectVoidSignal(
  _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  connect(instance, signal, box: ClosureBox(handler), trampoline: unsafeBitCast(voidTrampoline, to: GCallback.self))
}

/// `notify::PROPERTY` on any GObject: runs `handler` after the property changed.
///
/// ```swift
/// connectNotify(webView, property: "title") { [weak self] in self?.titleChanged() }
/// ```
@discardableResult
public func connectNotify(
  _ object: UnsafeMutableRawPointer, property: String, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  connect(
    object, "notify::\(property)", box: ClosureBox(handler),
    trampoline: unsafeBitCast(notifyTrampoline, to: GCallback.self))
}

extension UnsafeMutablePointer where Pointee == GtkButton {
  /// `GtkButton::clicked`.
  @discardableResult
  public func connectClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connectVoidSignal(self, "clicked", handler)
  }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// `GtkWidget::destroy`: the widget is being destroyed (a window closed, a parent destroyed).
  @discardableResult
  public func connectDestroy(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connectVoidSignal(self, "destroy", handler)
  }
}

extension UnsafeMutablePointer where Pointee == GtkEntry {
  /// `GtkEntry::activate`: Enter was pressed in the entry.
  @discardableResult
  public func connectActivate(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connectVoidSignal(self, "activate", handler)
  }
}
