import HelpViewerCGtk

private let asyncTrampoline: GAsyncReadyCallback = { source, result, data in
  guard let data else { return }
  // One-shot: this callback owns the box and drops it here.
  let box = Unmanaged<ClosureBox<@MainActor (UnsafeMutableRawPointer?, OpaquePointer?) -> Void>>.fromOpaque(data)
    .takeRetainedValue()
  nonisolated(unsafe) let unsafeSource = source.map { UnsafeMutableRawPointer($0) }
  nonisolated(unsafe) let unsafeResult = result
  MainActor.assumeIsolated { box.body(unsafeSource, unsafeResult) }
}

/// A `GAsyncReadyCallback` and its `user_data` that run `body` once, on the main actor, with the
/// source object and the `GAsyncResult`; the closure is freed after it ran.
///
/// Pass both to a GIO-style `*_async` function, and call its `*_finish` inside `body`.
func asyncReady(
  _ body: @escaping @MainActor (UnsafeMutableRawPointer?, OpaquePointer?) -> Void
) -> (callback: GAsyncReadyCallback, data: UnsafeMutableRawPointer) {
  (asyncTrampoline, ClosureBox(body).retainedPointer())
}
