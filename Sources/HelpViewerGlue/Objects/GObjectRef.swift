import HelpViewerCGtk

/// Owns exactly one reference to a GObject and drops it once, when released.
///
/// Adopting sinks a floating reference (new GTK widgets are floating), so the wrapper owns the
/// object whether or not GTK also holds it in a widget tree.
///
/// ```swift
/// let label = GObjectRef(adoptingNew: gtk_label_new("Hi"))
/// gtk_box_append(box, label.pointer(GtkWidget.self))
/// ```
public final class GObjectRef {
  /// The object's address.
  public let raw: UnsafeMutableRawPointer

  /// Takes ownership of a new reference (a floating one is sunk).
  public init(adoptingNonNil pointer: UnsafeMutableRawPointer) {
    raw = pointer
    if g_object_is_floating(pointer) != 0 { g_object_ref_sink(pointer) }
  }

  /// Takes ownership of a new reference of a final GObject type (an `OpaquePointer` in Swift).
  public convenience init(adoptingNonNil pointer: OpaquePointer) {
    self.init(adoptingNonNil: UnsafeMutableRawPointer(pointer))
  }

  /// Takes ownership of what a GObject constructor returned; constructors return an object or
  /// abort inside GLib, so `nil` here is a broken invariant, never something input can cause.
  public convenience init<T>(adoptingNew pointer: UnsafeMutablePointer<T>?) {
    guard let pointer else { preconditionFailure("A GObject constructor returned NULL") }
    self.init(adoptingNonNil: UnsafeMutableRawPointer(pointer))
  }

  /// As `init(adoptingNew:)`, for final GObject types.
  public convenience init(adoptingNew pointer: OpaquePointer?) {
    guard let pointer else { preconditionFailure("A GObject constructor returned NULL") }
    self.init(adoptingNonNil: UnsafeMutableRawPointer(pointer))
  }

  /// Adds a reference of its own to an object someone else owns.
  public init(retaining pointer: UnsafeMutableRawPointer) {
    raw = pointer
    g_object_ref(pointer)
  }

  deinit { g_object_unref(raw) }

  /// The object as a typed pointer, e.g. `pointer(GtkWidget.self)`.
  public func pointer<T>(_ type: T.Type = T.self) -> UnsafeMutablePointer<T> {
    raw.assumingMemoryBound(to: type)
  }

  /// The object as an `OpaquePointer`, for final GObject types such as `WebKitSettings`.
  public var opaque: OpaquePointer { OpaquePointer(raw) }
}

/// A GObject pointer seen as another GObject type (the C cast macros do not import).
///
/// ```swift
/// gtk_window_set_child(gcast(window), gcast(webView))
/// ```
@inlinable
public func gcast<T>(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> {
  pointer.assumingMemoryBound(to: T.self)
}

/// A GObject pointer seen as a final GObject type (those import as `OpaquePointer`).
@inlinable
public func gcast(_ pointer: UnsafeMutableRawPointer) -> OpaquePointer {
  OpaquePointer(pointer)
}

/// A final GObject type's pointer seen as another (derivable) GObject type.
@inlinable
public func gcast<T>(_ pointer: OpaquePointer) -> UnsafeMutablePointer<T> {
  UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

extension GObjectRef {
  /// The object as a `GtkWidget`.
  public var widget: UnsafeMutablePointer<GtkWidget> { pointer() }
}
