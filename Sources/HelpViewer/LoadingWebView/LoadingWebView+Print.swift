import Foundation
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
    let job = makePrintJob()
    if job.runDialog(over: root) { job.onEnd { _ in } }
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
      let job = self.makePrintJob()
      job.onEnd { failure in completion(failure.map { PrintFailure(message: $0.message) }) }
      job.printToPDF(at: path, printer: printer)
    }
  }

  // MARK: - Inside the package

  /// A print job for the page, naming the document after the page title.
  func makePrintJob() -> PrintJob {
    PrintJob(page, documentName: documentName)
  }

  /// The page title made fit for a file name.
  var documentName: String {
    let title = (state.title ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    let name = title.isEmpty ? (state.url.flatMap { URL(string: $0)?.host } ?? localized("Page")) : title
    return String(name.map { "/\\\0".contains($0) ? "-" : $0 }.prefix(120))
  }

}
