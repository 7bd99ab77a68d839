import CGtk

/// Owns exactly one reference to a GObject and drops it once, when released.
///
/// Adopting sinks a floating reference (new GTK widgets are floating), so the wrapper owns the
/// object whether or not GTK also holds it in a widget tree.
///
/// ```swift
/// let label = GObjectRef(adopting: gtk_label_new("Hi"))
/// gtk_box_append(box, label.pointer(GtkWidget.self))
/// ```
public final class GObjectRef {
  /// The object's address.
  public let raw: UnsafeMutableRawPointer

  /// Takes ownership of a new reference (a floating one is sunk); `nil` stays `nil`.
  public convenience init?(adopting pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { return nil }
    self.init(adoptingNonNil: pointer)
  }

  /// Takes ownership of a new reference (a floating one is sunk).
  public init(adoptingNonNil pointer: UnsafeMutableRawPointer) {
    raw = pointer
    if g_object_is_floating(pointer) != 0 { g_object_ref_sink(pointer) }
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

/// A GObject pointer seen as another GObject type; `nil` stays `nil`.
@inlinable
public func gcast<T>(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<T>? {
  pointer?.assumingMemoryBound(to: T.self)
}
