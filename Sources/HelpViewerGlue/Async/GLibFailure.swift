import HelpViewerCGtk

/// A `GError` as plain Swift values: its domain (as `g_quark_to_string` spells it), code and
/// message. The widgets turn it into a `LoadError` with `ErrorClassifier`.
///
/// ```swift
/// do { _ = try await HTTPFetch.get("http://127.0.0.1:9/") } catch let error as GLibFailure { print(error.domain) }
/// ```
public struct GLibFailure: Error, Sendable, Equatable, CustomStringConvertible {
  public var domain: String
  public var code: Int
  public var message: String

  public init(domain: String, code: Int, message: String) {
    self.domain = domain
    self.code = code
    self.message = message
  }

  /// Reads and frees `error`; a missing error reads as an unknown failure.
  init(taking error: UnsafeMutablePointer<GError>?) {
    self.init(reading: error)
    if let error { g_error_free(error) }
  }

  /// Reads `error`, which someone else owns (e.g. a signal's argument).
  init(reading error: UnsafeMutablePointer<GError>?) {
    guard let error else {
      self.init(domain: "help-viewer", code: 0, message: "Unknown failure")
      return
    }
    self.init(
      domain: g_quark_to_string(error.pointee.domain).map { String(cString: $0) } ?? "",
      code: Int(error.pointee.code),
      message: error.pointee.message.map { String(cString: $0) } ?? "")
  }

  public var description: String { "\(domain) \(code): \(message)" }
}

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
