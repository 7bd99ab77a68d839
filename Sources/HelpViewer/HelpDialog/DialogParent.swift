import HelpViewerCGtk
import HelpViewerGlue

/// What a host may pass as a dialog's parent (`over:`): a pointer to a `GtkWindow`, or to any
/// `GtkWidget`, meaning the window it is in, from whatever module the host gets GTK from.
///
/// Every pointer type conforms: `UnsafeMutablePointer<GtkWindow>`, `UnsafeMutablePointer<GtkWidget>`
/// of any module, the `OpaquePointer` that `gtk_widget_get_root` returns, a raw pointer. Which
/// object it points to is checked at run time (GObject's type check): a window becomes the
/// dialog's parent; a widget's root does, when that is a window; for anything else, or a widget
/// that is in no window yet, the dialog opens without a parent and a message in the `HelpViewer`
/// log domain says why (never a GTK critical).
///
/// ```swift
/// HelpDialog.present(helpURL, over: window)                       // a GtkWindow
/// HelpDialog.present(helpURL, over: button)                       // the window the button is in
/// HelpDialog.present(helpURL, over: gtk_widget_get_root(button))  // an OpaquePointer
/// ```
public protocol DialogParent {
  /// The address of the object the pointer points to (`nil` for none).
  var dialogParentAddress: UnsafeMutableRawPointer? { get }
}

extension UnsafeMutablePointer: DialogParent {
  /// The pointer, untyped.
  public var dialogParentAddress: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(self) }
}

extension UnsafePointer: DialogParent {
  /// The pointer, untyped.
  public var dialogParentAddress: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(mutating: self) }
}

extension OpaquePointer: DialogParent {
  /// The pointer, untyped.
  public var dialogParentAddress: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer: DialogParent {
  /// The pointer itself.
  public var dialogParentAddress: UnsafeMutableRawPointer? { self }
}

extension UnsafeRawPointer: DialogParent {
  /// The pointer, mutable.
  public var dialogParentAddress: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(mutating: self) }
}

/// Finds the window a dialog stands over from what the host passed as `over:`.
///
/// ```swift
/// let window = ParentWindow.resolve(parent)  // a GtkWindow, or nil
/// ```
@MainActor
enum ParentWindow {
  /// The `GtkWindow` that `parent` is or is in; `nil` (with a message in the `HelpViewer` log
  /// domain) when it is neither a window nor a widget in one.
  static func resolve(_ parent: (any DialogParent)?) -> UnsafeMutablePointer<GtkWindow>? {
    guard let address = parent?.dialogParentAddress else { return nil }
    if isInstance(address, of: gtk_window_get_type()) { return gcast(address) }
    guard isInstance(address, of: gtk_widget_get_type()) else {
      let type = isInstance(address, of: g_object_get_type()) ? typeName(address) : "no GObject"
      Log.message(
        "A dialog's parent given with `over:` is not a GtkWindow or a GtkWidget (it is \(type)); the dialog opens without a parent."
      )
      return nil
    }
    let widget: UnsafeMutablePointer<GtkWidget> = gcast(address)
    if let root = gtk_widget_get_root(widget), isInstance(UnsafeMutableRawPointer(root), of: gtk_window_get_type()) {
      return gcast(root)
    }
    Log.message(
      "The \(typeName(address)) given as a dialog's parent with `over:` is in no window yet; the dialog opens without a parent."
    )
    return nil
  }

  private static func typeName(_ address: UnsafeMutableRawPointer) -> String {
    g_type_name_from_instance(address.assumingMemoryBound(to: GTypeInstance.self)).map { String(cString: $0) }
      ?? "an unknown type"
  }
}
