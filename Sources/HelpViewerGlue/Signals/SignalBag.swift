/// The signal connections of one Swift owner, disconnected together when it tears down.
///
/// ```swift
/// let signals = SignalBag()
/// signals += button.connectClicked { [weak self] in self?.retry() }
/// signals.disconnectAll()
/// ```
public final class SignalBag {
  private var connections: [SignalConnection] = []

  public init() {}

  /// Keeps `connection` for `disconnectAll()`.
  public func add(_ connection: SignalConnection) { connections.append(connection) }

  /// Keeps `connection` for `disconnectAll()`.
  public static func += (bag: SignalBag, connection: SignalConnection) { bag.add(connection) }

  /// Disconnects every connection once; later calls do nothing.
  public func disconnectAll() {
    let all = connections
    connections.removeAll()
    for connection in all { connection.disconnect() }
  }

  deinit { for connection in connections { connection.disconnect() } }
}
