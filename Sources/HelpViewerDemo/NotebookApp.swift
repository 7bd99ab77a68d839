import Foundation
import HelpViewer
import HelpViewerCGtk
import HelpViewerDemoContent
import HelpViewerGlue

/// Notebook as a `GtkApplication`: its main window (`DemoWindow`), its actions (`app.help`,
/// `app.new-note`, …, see `NotebookApp+Actions.swift`) with their shortcuts, and its terms on
/// first launch, kept in `receiptFile`.
///
/// The application is registered, not run: the demo spins the main loop itself (its automation
/// waits for pages), and it is not unique, so several demos (tests, scripts) run side by side.
///
/// ```swift
/// let notebook = NotebookApp(pages: pages, store: NoteStore(file: XDGFolders().notes),
///                            receiptFile: TermsReceiptFile(url: XDGFolders().termsReceipt))
/// notebook.window.present()
/// notebook.startTerms(forget: false, automated: false)   // the terms, on first launch
/// ```
@MainActor
final class NotebookApp {
  /// The application ID (the desktop file's name, the D-Bus name).
  static let id = "org.helpviewer.Notebook"

  let application: UnsafeMutablePointer<GtkApplication>
  let window: DemoWindow
  /// Where an accepted receipt is kept; `nil` keeps none (`--in-memory`).
  let receiptFile: TermsReceiptFile?
  let signals = SignalBag()
  /// Notebook's help book, read when help is first asked for (`DemoWindow.notebookBook`).
  var book: HelpBook? { window.notebookBook }

  /// Registers the application (`id`; tests pass one of their own) and makes its window; GTK
  /// must be initialised.
  init(id: String = NotebookApp.id, pages: URL?, store: NoteStore, receiptFile: TermsReceiptFile?) {
    application = gtk_application_new(id, G_APPLICATION_NON_UNIQUE)
    var error: UnsafeMutablePointer<GError>?
    if g_application_register(gcast(UnsafeMutableRawPointer(application)), nil, &error) == 0 {
      let text = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
      FileHandle.standardError.write(Data("help-viewer-demo: cannot register the application: \(text)\n".utf8))
      g_clear_error(&error)
    }
    self.receiptFile = receiptFile
    window = DemoWindow(pages: pages, application: application, store: store)
    installActions()
    window.onTermsAccepted = { [weak self] receipt in self?.keep(receipt) }
  }

  /// Whether no receipt is kept (nor can be: in memory).
  var needsTerms: Bool { receiptFile?.receipt == nil }

  /// At start: forgets the kept receipt when `forget` (`--forget-terms`), says in the status
  /// line when the kept terms were accepted, then asks for the
  /// terms once the window drew its first frame, when none is kept. An automated run
  /// (`--report`, `--screenshot`) is never asked: it shows what it was told to (`--show terms`
  /// for the terms). Returns whether it asks.
  ///
  /// ```swift
  /// notebook.startTerms(forget: options.forgetTerms, automated: options.isAutomated)
  /// ```
  @discardableResult
  func startTerms(forget: Bool, automated: Bool) -> Bool {
    if forget { receiptFile?.forget() }
    if let receipt = receiptFile?.receipt {
      // TRANSLATORS: %@ is the date the terms were accepted on.
      let format = notebookLocalized("Terms accepted on %@.")
      window.setStatus(String(format: format, receipt.acceptedAt.formatted(date: .long, time: .omitted)))
    }
    guard !automated, needsTerms else { return false }
    let widget: UnsafeMutablePointer<GtkWidget> = gcast(window.window)
    widget.addTickCallback { [weak self] in
      self?.window.showTerms()
      return false
    }
    return true
  }

  private func keep(_ receipt: TermsReceipt) {
    guard let receiptFile else { return }
    do {
      try receiptFile.keep(receipt)
    } catch {
      window.setStatus(notebookLocalized("The answer to the terms could not be saved."))
    }
  }
}
