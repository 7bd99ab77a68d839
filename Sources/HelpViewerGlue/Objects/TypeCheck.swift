import HelpViewerCGtk

/// Whether the GObject at `instance` is a `type` or one derived from it (C's
/// `G_TYPE_CHECK_INSTANCE_TYPE`), so a pointer can be cast to that type; `false` for `nil`.
/// The package's one GObject type check.
///
/// ```swift
/// if let root = gtk_widget_get_root(widget), isInstance(UnsafeMutableRawPointer(root), of: gtk_window_get_type()) {
///   gtk_window_present(gcast(UnsafeMutableRawPointer(root)))
/// }
/// ```
@inlinable
public func isInstance(_ instance: UnsafeMutableRawPointer?, of type: GType) -> Bool {
  guard let instance else { return false }
  return g_type_check_instance_is_a(instance.assumingMemoryBound(to: GTypeInstance.self), type) != 0
}
