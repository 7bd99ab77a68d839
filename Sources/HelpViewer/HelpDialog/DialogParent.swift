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
/// let window = ParentWindow.resolve(parent)  // a window, or nil
/// ```
@MainActor
enum ParentWindow {
  /// The window that `parent` is or is in; `nil` (with a message in the `HelpViewer` log
  /// domain) when it is neither a window nor a widget in one.
  static func resolve(_ parent: (any DialogParent)?) -> Window? {
    guard let address = parent?.dialogParentAddress else { return nil }
    switch Window.containing(address) {
    case .window(let window):
      return window
    case .notAWidget(let type):
      Log.message(
        "A dialog's parent given with `over:` is not a GtkWindow or a GtkWidget (it is \(type)); the dialog opens without a parent."
      )
    case .widgetInNoWindow(let type):
      Log.message(
        "The \(type) given as a dialog's parent with `over:` is in no window yet; the dialog opens without a parent."
      )
    }
    return nil
  }
}
