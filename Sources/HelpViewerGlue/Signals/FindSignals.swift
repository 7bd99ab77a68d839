import HelpViewerCGtk
import HelpViewerCWebKit

// Typed connections for WebKitFindController's signals and GtkSearchEntry's. Both are final
// types in C (`OpaquePointer` in Swift), so the connections are free functions.

private let countTrampoline: @convention(c) (OpaquePointer?, guint, UnsafeMutableRawPointer?) -> Void = {
  _, count, data in
  guard let box = ClosureBox<@MainActor (Int) -> Void>.from(data) else { return }
  MainActor.assumeIsolated { box.body(Int(count)) }
}

/// `WebKitFindController::found-text`: the search found the text; `handler` gets WebKit's match
/// count (`G_MAXUINT` when there were more than the search's maximum).
///
/// ```swift
/// connectFoundText(findController) { count in print("found", count) }
/// ```
@discardableResult
public func connectFoundText(_ controller: OpaquePointer, _ handler: @escaping @MainActor (Int) -> Void)
  -> SignalConnection
{
  connect(
    UnsafeMutableRawPointer(controller), "found-text", box: ClosureBox(handler),
    trampoline: unsafeBitCast(countTrampoline, to: GCallback.self))
}

/// `WebKitFindController::counted-matches`: `webkit_find_controller_count_matches` finished;
/// `handler` gets the number of matches (`G_MAXUINT` above the maximum asked for).
@discardableResult
public func connectCountedMatches(_ controller: OpaquePointer, _ handler: @escaping @MainActor (Int) -> Void)
  -> SignalConnection
{
  connect(
    UnsafeMutableRawPointer(controller), "counted-matches", box: ClosureBox(handler),
    trampoline: unsafeBitCast(countTrampoline, to: GCallback.self))
}

/// `WebKitFindController::failed-to-find-text`: the page has no match of the searched text.
@discardableResult
public func connectFailedToFindText(_ controller: OpaquePointer, _ handler: @escaping @MainActor () -> Void)
  -> SignalConnection
{
  connectVoidSignal(UnsafeMutableRawPointer(controller), "failed-to-find-text", handler)
}

/// `GtkSearchEntry::search-changed`: the text changed (after the entry's short search delay).
///
/// ```swift
/// connectSearchChanged(entry) { [weak self] in self?.search() }
/// ```
@discardableResult
public func connectSearchChanged(_ entry: OpaquePointer, _ handler: @escaping @MainActor () -> Void)
  -> SignalConnection
{
  connectVoidSignal(UnsafeMutableRawPointer(entry), "search-changed", handler)
}

/// `GtkSearchEntry::stop-search`: Esc was pressed in the entry.
@discardableResult
public func connectStopSearch(_ entry: OpaquePointer, _ handler: @escaping @MainActor () -> Void)
  -> SignalConnection
{
  connectVoidSignal(UnsafeMutableRawPointer(entry), "stop-search", handler)
}
