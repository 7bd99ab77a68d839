import CGtk

/// The app's own way to connect GObject signals to Swift closures (`g_signal_connect` is a C
/// macro, so Swift apps call `g_signal_connect_data`). The closure lives as long as the connection.
@MainActor
enum Signals {
  private final class Box {
    let body: @MainActor () -> Void
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }
  }

  /// Connects a signal whose handler takes only the instance (e.g. `activate` of a GApplication).
  static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping @MainActor () -> Void) {
    let handler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
      guard let data else { return }
      MainActor.assumeIsolated { Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().body() }
    }
    connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), body)
  }

  /// Connects a signal whose handler takes the instance and one pointer (e.g. `activate` of a
  /// GSimpleAction, with its parameter).
  static func connectWithArgument(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ body: @escaping @MainActor () -> Void
  ) {
    let handler: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void =
      { _, _, data in
        guard let data else { return }
        MainActor.assumeIsolated { Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().body() }
      }
    connect(instance, signal, unsafeBitCast(handler, to: GCallback.self), body)
  }

  private static func connect(
    _ instance: UnsafeMutableRawPointer, _ signal: String, _ callback: GCallback,
    _ body: @escaping @MainActor () -> Void
  ) {
    let data = Unmanaged.passRetained(Box(body)).toOpaque()
    g_signal_connect_data(
      instance, signal, callback, data, { data, _ in if let data { Unmanaged<Box>.fromOpaque(data).release() } },
      GConnectFlags(rawValue: 0))
  }
}
