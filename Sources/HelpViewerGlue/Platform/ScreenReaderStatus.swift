import HelpViewerCGtk

private let propertiesChangedTrampoline:
  @convention(c) (
    UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<UnsafePointer<CChar>?>?, UnsafeMutableRawPointer?
  ) -> Void = { _, _, _, data in
    guard let box = ClosureBox<@MainActor () -> Void>.from(data) else { return }
    MainActor.assumeIsolated { box.body() }
  }

/// Whether a screen reader runs, as the desktop says on the session bus: the property
/// `ScreenReaderEnabled` of `org.a11y.Status` on `org.a11y.Bus` at `/org/a11y/bus` (what Orca
/// sets), followed while the app runs. Off without a session bus or an accessibility bus.
///
/// ```swift
/// let status = ScreenReaderStatus()
/// status.onChange = { enabled in print("screen reader:", enabled) }
/// ```
@MainActor
public final class ScreenReaderStatus {
  /// The bus name, object and interface of the property.
  public static let busName = "org.a11y.Bus"
  public static let objectPath = "/org/a11y/bus"
  public static let interface = "org.a11y.Status"
  public static let property = "ScreenReaderEnabled"

  /// Whether a screen reader runs, as last read.
  public private(set) var isEnabled = false
  /// Called when `isEnabled` changes.
  public var onChange: ((Bool) -> Void)?

  private var proxy: GObjectRef?
  /// The connection to a bus given by address (none for the session bus).
  private var connection: GObjectRef?
  private let signals = SignalBag()

  /// Starts following the property on the session bus, or on the bus at `address` (a private
  /// bus of a test); the answer comes on a later turn of the main loop.
  public init(busAddress address: String? = nil) {
    guard let address else {
      watch(connection: nil)
      return
    }
    let flags = GDBusConnectionFlags(
      rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
        | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
    let (callback, data) = asyncReady { [weak self] _, result in
      var error: UnsafeMutablePointer<GError>?
      let connection = g_dbus_connection_new_for_address_finish(result, &error)
      g_clear_error(&error)
      guard let connection else { return }
      let ref = GObjectRef(adoptingNonNil: UnsafeMutableRawPointer(connection))
      self?.connection = ref
      self?.watch(connection: ref)
    }
    g_dbus_connection_new_for_address(address, flags, nil, nil, callback, data)
  }

  /// Makes the proxy of the property on `connection`, or on the session bus.
  private func watch(connection: GObjectRef?) {
    let (callback, data) = asyncReady { [weak self] _, result in
      var error: UnsafeMutablePointer<GError>?
      let proxy = g_dbus_proxy_new_for_bus_finish(result, &error)
      g_clear_error(&error)
      guard let proxy else { return }
      let ref = GObjectRef(adoptingNonNil: UnsafeMutableRawPointer(proxy))
      guard let self else { return }
      self.proxy = ref
      self.signals += connect(
        ref.raw, "g-properties-changed", box: ClosureBox<@MainActor () -> Void>({ [weak self] in self?.read() }),
        trampoline: unsafeBitCast(propertiesChangedTrampoline, to: GCallback.self))
      // The bus launcher started or ended: its properties were loaded again, or dropped.
      self.signals += connectNotify(ref.raw, property: "g-name-owner") { [weak self] in self?.read() }
      self.read()
    }
    let (name, path, interface) = (Self.busName, Self.objectPath, Self.interface)
    if let connection {
      g_dbus_proxy_new(
        connection.opaque, G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START, nil, name, path, interface, nil, callback, data)
    } else {
      g_dbus_proxy_new_for_bus(
        G_BUS_TYPE_SESSION, G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START, nil, name, path, interface, nil, callback, data)
    }
  }

  /// Reads the cached property and reports a change.
  private func read() {
    var enabled = false
    if let proxy, let value = g_dbus_proxy_get_cached_property(proxy.pointer(), Self.property) {
      enabled = g_variant_classify(value) == G_VARIANT_CLASS_BOOLEAN && g_variant_get_boolean(value) != 0
      g_variant_unref(value)
    }
    guard enabled != isEnabled else { return }
    isEnabled = enabled
    onChange?(enabled)
  }

  /// The GTK version the app runs with (major, minor).
  public static var gtkVersion: (major: Int, minor: Int) {
    (Int(gtk_get_major_version()), Int(gtk_get_minor_version()))
  }
}
