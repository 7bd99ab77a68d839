import Foundation
import HelpViewer
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerDemoContent
import HelpViewerGlue

/// What Notebook shows with HelpViewer: its help (a help book, in a dialog or the What's New
/// pane), its terms (the whole `TermsDialog` flow), any address, and a broken link.
///
/// ```swift
/// demo.show(.help)                              // the help dialog
/// demo.showEmbedded(.address("example.com"))    // in the What's New pane
/// ```
extension DemoWindow {
  /// What to show.
  enum Target {
    case url(URL)
    case address(String)
  }

  /// Shows a bundled page in a dialog, or in the embedded pane.
  func show(_ page: DemoOptions.Page, embedded: Bool = false) {
    // Notebook's help is a help book: search (Ctrl+K), pages in the language shown.
    if page == .help, let book = notebookBook {
      showBook(book, topic: nil, embedded: embedded)
      return
    }
    let target = Target.url(page.url)
    if embedded {
      showEmbedded(target)
    } else if page == .terms {
      showTerms()
    } else {
      showDialog(target, title: page == .help ? notebookLocalized("Help") : notebookLocalized("Terms of Service"))
    }
  }

  /// The whole terms flow: the terms dialog, then its answer in the status line and, as JSON,
  /// on standard output.
  func showTerms() {
    dialog?.close()
    termsDialog?.dismiss()
    let url = pages?.appendingPathComponent("terms/terms.html") ?? DemoOptions.Page.terms.url
    let terms = TermsDialog(url, title: notebookLocalized("Terms of Service"), over: window)
    terms.onDecision = { [weak self] decision in self?.answered(decision) }
    termsDialog = terms
    terms.present()
  }

  private func answered(_ decision: TermsDecision) {
    termsDecision = decision
    let text: String
    switch decision {
    case .accepted(let receipt):
      // TRANSLATORS: %1$@ is the date and time, %2$@ the document's title, %3$@ its SHA-256 hash.
      let format = notebookLocalized("Terms accepted at %1$@: “%2$@”, SHA-256 %3$@.")
      text = String(format: format, receipt.acceptedAt.formatted(), receipt.title ?? receipt.finalURL, receipt.sha256)
      printLine(ReceiptJSON.line(for: receipt))
    case .declined:
      text = notebookLocalized("Terms declined.")
      printLine("{\"decision\":\"declined\"}")
    case .dismissed:
      text = notebookLocalized("Terms dismissed without an answer.")
      printLine("{\"decision\":\"dismissed\"}")
    }
    setStatus(text)
    // After the status: the app says there when it could not keep the receipt.
    if case .accepted(let receipt) = decision { onTermsAccepted?(receipt) }
  }

  /// Writes `line` to standard output at once (a pipe or file would buffer `print`).
  private func printLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  func showBrokenLink() {
    let missing = BundledScheme.url("help/C/no-such-page.html", in: NotebookContent.folderName)
    showDialog(.url(missing), title: notebookLocalized("Help"))
  }

  /// The developer's Open URL…: asks for an address, then shows it in a dialog.
  func promptForAddress() {
    let prompt = OpenURLPrompt(over: window) { [weak self] address in
      self?.showDialog(.address(address), title: notebookLocalized("Web Page"))
    }
    self.prompt = prompt
    prompt.present()
  }

  func showDialog(_ target: Target, title: String) {
    let dialog = presentNewDialog(title: title)
    if case .address(let address) = target, address.lowercased().hasPrefix("help:") {
      // GNOME's help:APP/PAGE#section: the app's help installed in the XDG data directories.
      dialog.load(helpAddress: address)
    } else {
      load(target, in: dialog.viewer)
    }
    self.dialog = dialog
  }

  /// The help dialog F1 brought forward or opened (`NotebookApp.showContextHelp`).
  func present(contextHelp: HelpDialog) {
    if let dialog, dialog !== contextHelp { dialog.close() }
    dialog = contextHelp
  }

  /// Closes the dialog shown and the terms, then presents a new dialog with every control
  /// (its page not asked for yet).
  private func presentNewDialog(title: String) -> HelpDialog {
    dialog?.close()
    termsDialog?.dismiss()
    let dialog = HelpDialog(title: title, over: window, controls: .all)
    dialog.viewer.timeout = loadTimeout
    dialog.present()
    return dialog
  }

  /// `--book`: `book`'s page for `topic` (its index page when `nil`), in the help dialog (with
  /// search) or in the What's New pane.
  func showBook(_ book: HelpBook, topic: HelpTopic?, embedded: Bool = false) {
    if embedded {
      let viewer = embeddedViewer ?? makeEmbeddedViewer()
      showPage(.whatsNew)
      if let topic { viewer.load(topic, in: book) } else { viewer.load(book: book) }
      return
    }
    let dialog = presentNewDialog(title: notebookLocalized("Help"))
    if let topic {
      dialog.show(topic: topic.page, section: topic.section, in: book)
    } else {
      dialog.show(book: book)
    }
    self.dialog = dialog
  }

  /// Shows `target` in the What's New pane.
  func showEmbedded(_ target: Target) {
    let viewer = embeddedViewer ?? makeEmbeddedViewer()
    showPage(.whatsNew)
    load(target, in: viewer)
  }

  private func makeEmbeddedViewer() -> LoadingWebView {
    let viewer = LoadingWebView()
    viewer.timeout = loadTimeout
    gtk_box_append(gcast(pane), .init(viewer.widget))
    embeddedViewer = viewer
    return viewer
  }

  private func load(_ target: Target, in viewer: LoadingWebView) {
    switch target {
    case .url(let url): viewer.load(url)
    case .address(let address): viewer.load(address: address)
    }
  }
}

extension DemoOptions.Page {
  /// The page's address in Notebook's folder: `help-viewer://notebook/help/C/index.html`, or
  /// `help/de/index.html` in German (`NotebookContent.helpPath()`).
  var address: String {
    BundledAddress.url(self == .help ? NotebookContent.helpPath() : "terms/terms.html", in: NotebookContent.folderName)
  }

  var url: URL { URL(string: address) ?? URL(fileURLWithPath: "/") }
}
