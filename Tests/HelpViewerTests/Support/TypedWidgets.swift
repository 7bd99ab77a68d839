import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue

@testable import HelpViewer

// The tests' side of the glue's typed widgets: a wrapped widget goes wherever the tests pass a
// GTK pointer (to GTK's own calls, weak references, focus checks).

/// The wrapped widget as a GTK pointer of another type, e.g. `gcast(footer.acceptButton)`.
@MainActor
func gcast<T>(_ widget: Widget) -> UnsafeMutablePointer<T> { widget.raw.assumingMemoryBound(to: T.self) }

/// The wrapped widget as a pointer to a final GTK type (a `GtkLabel`).
@MainActor
func gcast(_ widget: Widget) -> OpaquePointer { OpaquePointer(widget.raw) }

extension GWeakObject {
  /// A weak reference to the wrapped widget.
  @MainActor
  convenience init(_ widget: Widget) { self.init(widget.raw) }
}

extension UnsafeMutableRawPointer {
  /// The wrapped widget's address.
  @MainActor
  init(_ widget: Widget) { self = widget.raw }
}

extension LoadingWebView {
  /// The web view, for tests that call WebKit.
  var webView: UnsafeMutablePointer<WebKitWebView> { page.view }
  /// The viewer's widget, for tests that call GTK.
  var gtkWidget: UnsafeMutablePointer<GtkWidget> { root.widget }
}

extension HelpDialog {
  /// The dialog's window as the tests' GTK module types it: its address, also once the dialog
  /// has ended (for weak references and comparisons; call GTK on it only while it lives).
  var gtkWindow: UnsafeMutablePointer<GtkWindow> { dialogWindow.address.assumingMemoryBound(to: GtkWindow.self) }
}

extension TermsDialog {
  /// The terms dialog's window, as `HelpDialog.gtkWindow`.
  var gtkWindow: UnsafeMutablePointer<GtkWindow> { sheet.gtkWindow }
}
