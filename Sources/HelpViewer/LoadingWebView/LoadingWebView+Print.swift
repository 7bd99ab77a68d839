import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue

/// Printing with WebKit's print operation: the system print dialog (Ctrl+P), or straight to a
/// PDF file without a dialog. The page title names the document (the file's default name).
///
/// ```swift
/// viewer.print()                                   // the print dialog, over the viewer's window
/// viewer.print(toPDF: "/tmp/help.pdf") { error in … }   // no dialog
/// ```
extension LoadingWebView {
  /// Whether there is a page to print (or to search): a page loaded without an error.
  public var canPrint: Bool { !isDetached && state.phase == .loaded }

  /// Opens the print dialog for the page, over the viewer's window; does nothing without a
  /// loaded page. Returns at once when the dialog is cancelled; printing goes on after it.
  public func print() {
    guard canPrint else { return }
    let operation = makePrintOperation(settings: documentSettings())
    let parent = parentWindow
    let response = webkit_print_operation_run_dialog(operation.opaque, parent)
    if response == WEBKIT_PRINT_OPERATION_RESPONSE_PRINT { keepUntilFinished(operation) { _ in } }
  }

  /// Prints the page to a PDF file at `path` without a dialog; `completion` gets `nil` when the
  /// file is written, or what went wrong.
  ///
  /// ```swift
  /// viewer.print(toPDF: "/tmp/help.pdf") { failure in if let failure { show(failure.message) } }
  /// ```
  ///
  /// It prints through GTK's file printer, chosen by what it can do (a virtual printer that
  /// accepts PDF), not by its name, which GTK translates.
  public func print(toPDF path: String, completion: @escaping @MainActor (PrintFailure?) -> Void) {
    guard canPrint else {
      completion(PrintFailure(message: localized("There is no page to print.")))
      return
    }
    FilePrinter.find { [weak self] printer in
      guard let self, self.canPrint else {
        completion(PrintFailure(message: localized("There is no page to print.")))
        return
      }
      guard let printer else {
        completion(PrintFailure(message: localized("There is no printer that writes PDF files.")))
        return
      }
      let settings = self.documentSettings()
      gtk_print_settings_set_printer(settings.opaque, printer)
      gtk_print_settings_set(settings.opaque, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf")
      gtk_print_settings_set(settings.opaque, GTK_PRINT_SETTINGS_OUTPUT_URI, URL(fileURLWithPath: path).absoluteString)
      let operation = self.makePrintOperation(settings: settings)
      self.keepUntilFinished(operation, completion)
      webkit_print_operation_print(operation.opaque)
    }
  }

  // MARK: - Inside the package

  /// A print operation for the page with `settings`.
  func makePrintOperation(settings: GObjectRef) -> GObjectRef {
    let operation = GObjectRef(adoptingNew: webkit_print_operation_new(page.view))
    webkit_print_operation_set_print_settings(operation.opaque, settings.opaque)
    return operation
  }

  /// Print settings naming the document after the page title (its host, or "Page", without one).
  func documentSettings() -> GObjectRef {
    let settings = GObjectRef(adoptingNew: gtk_print_settings_new())
    gtk_print_settings_set(settings.opaque, GTK_PRINT_SETTINGS_OUTPUT_BASENAME, documentName)
    return settings
  }

  /// The page title made fit for a file name.
  var documentName: String {
    let title = (state.title ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    let name = title.isEmpty ? (state.url.flatMap { URL(string: $0)?.host } ?? localized("Page")) : title
    return String(name.map { "/\\\0".contains($0) ? "-" : $0 }.prefix(120))
  }

  // MARK: - Private

  /// The `GtkWindow` the viewer is in, if any.
  private var parentWindow: UnsafeMutablePointer<GtkWindow>? {
    guard let window = gtk_widget_get_root(root.widget) else { return nil }
    let raw = UnsafeMutableRawPointer(window)
    guard isInstance(raw, of: gtk_window_get_type()) else { return nil }
    return raw.assumingMemoryBound(to: GtkWindow.self)
  }

  /// Holds `operation` until WebKit says it finished, then calls `completion` once.
  private func keepUntilFinished(
    _ operation: GObjectRef, _ completion: @escaping @MainActor (PrintFailure?) -> Void
  ) {
    var failure: PrintFailure?
    var failedConnection: SignalConnection?
    failedConnection = connectPrintFailed(operation.opaque) { failure = PrintFailure(message: $0.message) }
    var finishedConnection: SignalConnection?
    // The closure holds the operation; disconnecting frees the closure and so the operation.
    finishedConnection = connectPrintFinished(operation.opaque) {
      _ = operation
      failedConnection?.disconnect()
      finishedConnection?.disconnect()
      completion(failure)
    }
  }
}
