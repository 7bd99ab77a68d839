import HelpViewerCGtk
import HelpViewerCShim

/// Owns exactly one reference to a GObject and drops it once, when released, on the main thread.
///
/// Adopting sinks a floating reference (new GTK widgets are floating), so the wrapper owns the
/// object whether or not GTK also holds it in a widget tree.
///
/// GTK and WebKit objects must only be unreffed on the main thread (their finalizers touch
/// GTK's state). When the last Swift reference goes away on another thread (a host's background
/// task dropping a viewer), the reference is handed to the default main context and dropped there
/// on its next iteration.
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

  /// Holds a reference of its own to a widget, floating or not: a floating one is sunk (the
  /// reference becomes this wrapper's), one already in a widget tree gets a new reference. So it
  /// can be taken before or after the widget is put into its parent.
  public init(sinking pointer: UnsafeMutableRawPointer) {
    raw = pointer
    g_object_ref_sink(pointer)
  }

  /// Adds a reference of its own to an object someone else owns.
  public init(retaining pointer: UnsafeMutableRawPointer) {
    raw = pointer
    g_object_ref(pointer)
  }

  deinit { GObjectRef.unrefOnMainThread(raw) }

  /// Drops one reference to `object` now when on the main thread, else on the main thread's next
  /// iteration of the default main context (an idle source: attaching one is thread-safe).
  public static func unrefOnMainThread(_ object: UnsafeMutableRawPointer) {
    guard !isMainThread else {
      g_object_unref(object)
      return
    }
    // Not `g_main_context_invoke`: from a thread with no context of its own it may acquire the
    // default context itself (when the main thread is not iterating) and run here.
    g_idle_add_full(
      G_PRIORITY_DEFAULT,
      { object in
        g_object_unref(object)
        return 0  // G_SOURCE_REMOVE
      }, object, nil)
  }

  /// Whether the calling thread is the process's main thread, the one GTK runs on.
  public static var isMainThread: Bool { hv_is_main_thread() != 0 }

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
