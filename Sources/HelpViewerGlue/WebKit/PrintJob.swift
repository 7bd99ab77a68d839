import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore

/// Printing one web page with WebKit's print operation: through the system print dialog, or
/// straight to a PDF file with GTK's file printer. The job holds itself until WebKit says it
/// finished.
///
/// ```swift
/// let job = PrintJob(page, documentName: "Help")
/// job.onEnd { failure in print(failure?.message ?? "printed") }
/// job.printToPDF(at: "/tmp/help.pdf", printer: name)   // a name FilePrinter.find gave
/// ```
@MainActor
public final class PrintJob {
  /// The print operation, for tests that read its settings.
  public let operation: GObjectRef
  private let settings: GObjectRef

  /// A job for `page`, naming the document (the file's default name) `documentName`.
  public init(_ page: WebView, documentName: String) {
    settings = GObjectRef(adoptingNew: gtk_print_settings_new())
    gtk_print_settings_set(settings.opaque, GTK_PRINT_SETTINGS_OUTPUT_BASENAME, documentName)
    operation = GObjectRef(adoptingNew: webkit_print_operation_new(page.view))
    webkit_print_operation_set_print_settings(operation.opaque, settings.opaque)
  }

  /// Shows the print dialog over the window `widget` is in (none when it is in no window);
  /// returns whether the person chose to print (printing goes on after this returns).
  public func runDialog(over widget: Widget) -> Bool {
    var parent: Window?
    if case .window(let window) = Window.containing(widget.raw) { parent = window }
    return webkit_print_operation_run_dialog(operation.opaque, parent?.gtkWindow)
      == WEBKIT_PRINT_OPERATION_RESPONSE_PRINT
  }

  /// Prints to a PDF file at `path` with the printer `printer` (GTK's file printer), no dialog.
  public func printToPDF(at path: String, printer: String) {
    gtk_print_settings_set_printer(settings.opaque, printer)
    gtk_print_settings_set(settings.opaque, GTK_PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf")
    gtk_print_settings_set(settings.opaque, GTK_PRINT_SETTINGS_OUTPUT_URI, URL(fileURLWithPath: path).absoluteString)
    webkit_print_operation_set_print_settings(operation.opaque, settings.opaque)
    webkit_print_operation_print(operation.opaque)
  }

  /// Keeps the job until WebKit says it finished, then calls `completion` once: `nil` when it
  /// printed (or was cancelled), else the failure.
  public func onEnd(_ completion: @escaping @MainActor (PlatformError?) -> Void) {
    var failure: PlatformError?
    var failedConnection: SignalConnection?
    failedConnection = connectPrintFailed(operation.opaque) { failure = $0 }
    var finishedConnection: SignalConnection?
    // The closure holds the job; disconnecting frees the closure and so the job.
    finishedConnection = connectPrintFinished(operation.opaque) {
      _ = self
      failedConnection?.disconnect()
      finishedConnection?.disconnect()
      completion(failure)
    }
  }
}
