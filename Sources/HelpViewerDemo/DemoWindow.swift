import HelpViewerCGtk
import Foundation
import HelpViewer
import HelpViewerCore
import HelpViewerDemoContent
import HelpViewerGlue

/// The main window of "Notebook", a pretend app that embeds HelpViewer: buttons for its own
/// help and terms (`NotebookContent`, served as `help-viewer://notebook/…`), an address entry,
/// an embedded pane, and a broken link.
@MainActor
final class DemoWindow {
  let window: UnsafeMutablePointer<GtkWindow>
  /// The folder of Notebook's pages, registered as `NotebookContent.folderName`; `nil` when it
  /// was not found (the pages then fail as "Page Not Found").
  let pages: URL?
  private(set) var dialog: HelpDialog?
  private(set) var termsDialog: TermsDialog?
  /// The last answer to the terms, shown under the buttons.
  private(set) var termsDecision: TermsDecision?
  private(set) var embeddedViewer: LoadingWebView?
  private(set) var isClosed = false
  private let pane: UnsafeMutablePointer<GtkWidget>
  private let entry: UnsafeMutablePointer<GtkWidget>
  private let receiptLabel: UnsafeMutablePointer<GtkWidget>
  private let signals = SignalBag()
  /// The load timeout of every viewer the demo makes.
  var loadTimeout: Double = 30

  init(pages: URL?) {
    self.pages = pages
    if let pages { BundledScheme.register(folder: pages, as: NotebookContent.folderName) }
    // GTK owns the toplevel; closing it destroys it (and its dialogs, destroyed with it).
    window = gcast(gtk_window_new()!)
    gtk_window_set_title(window, notebookLocalized("Notebook"))
    gtk_window_set_default_size(window, 760, 560)
    let header: OpaquePointer = gcast(gtk_header_bar_new()!)
    gtk_window_set_titlebar(window, gcast(header))

    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
    for set in [
      gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end,
    ] {
      set(content, 18)
    }
    let intro = gtk_label_new(
      notebookLocalized("Notebook keeps your notes. Its help and terms are shown with HelpViewer."))!
    gtk_label_set_wrap(gcast(intro), 1)
    gtk_label_set_xalign(gcast(intro), 0)
    gtk_box_append(gcast(content), intro)

    let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    let urlRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    entry = gtk_entry_new()!
    gtk_entry_set_placeholder_text(gcast(entry), "example.com")
    gtk_widget_set_hexpand(entry, 1)
    gtk_box_append(gcast(urlRow), entry)
    receiptLabel = gtk_label_new(notebookLocalized("Terms: not answered yet."))!
    gtk_label_set_wrap(gcast(receiptLabel), 1)
    gtk_label_set_selectable(gcast(receiptLabel), 1)
    gtk_label_set_xalign(gcast(receiptLabel), 0)
    gtk_widget_add_css_class(receiptLabel, "dim-label")
    pane = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_widget_set_vexpand(pane, 1)
    gtk_widget_add_css_class(pane, "frame")
    gtk_widget_set_visible(pane, 0)

    gtk_box_append(gcast(content), buttons)
    gtk_box_append(gcast(content), urlRow)
    gtk_box_append(gcast(content), receiptLabel)
    gtk_box_append(gcast(content), pane)
    gtk_window_set_child(window, content)

    addButton(notebookLocalized("_Help"), to: buttons) { $0.show(.help) }
    addButton(notebookLocalized("_Terms"), to: buttons) { $0.showTerms() }
    addButton(notebookLocalized("_Embedded"), to: buttons) { $0.show(.help, embedded: true) }
    addButton(notebookLocalized("_Broken Link"), to: buttons) { $0.showBrokenLink() }
    addButton(notebookLocalized("_Open URL…"), to: urlRow) { $0.openTypedAddress() }
    signals += UnsafeMutablePointer<GtkEntry>(gcast(entry)).connectActivate { [weak self] in self?.openTypedAddress() }
    signals += UnsafeMutablePointer<GtkWidget>(gcast(window)).connectDestroy { [weak self] in self?.isClosed = true }
  }

  /// What to show.
  enum Target {
    case url(URL)
    case address(String)
  }

  func present() { gtk_window_present(window) }

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

  /// The whole terms flow: the terms dialog, then its answer in the window and, as JSON, on
  /// standard output.
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
    gtk_label_set_text(gcast(receiptLabel), text)
  }

  /// Writes `line` to standard output at once (a pipe or file would buffer `print`).
  private func printLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  func showBrokenLink() {
    let missing = BundledScheme.url("help/C/no-such-page.html", in: NotebookContent.folderName)
    showDialog(.url(missing), title: notebookLocalized("Help"))
  }

  func showDialog(_ target: Target, title: String) {
    dialog?.close()
    termsDialog?.dismiss()
    let dialog = HelpDialog(title: title, over: window, controls: .all)
    dialog.viewer.timeout = loadTimeout
    dialog.present()
    if case .address(let address) = target, address.lowercased().hasPrefix("help:") {
      // GNOME's help:APP/PAGE#section: the app's help installed in the XDG data directories.
      dialog.load(helpAddress: address)
    } else {
      load(target, in: dialog.viewer)
    }
    self.dialog = dialog
  }

  /// Notebook's own help book (`help/C`, `help/de`), when its pages were found.
  var notebookBook: HelpBook? {
    pages.flatMap { try? HelpBook(folder: $0.appendingPathComponent("help")) }
  }

  /// `--book`: `book`'s page for `topic` (its index page when `nil`), in the help dialog (with
  /// search) or in the embedded pane.
  func showBook(_ book: HelpBook, topic: HelpTopic?, embedded: Bool = false) {
    if embedded {
      let viewer = embeddedViewer ?? makeEmbeddedViewer()
      gtk_widget_set_visible(pane, 1)
      if let topic { viewer.load(topic, in: book) } else { viewer.load(book: book) }
      return
    }
    dialog?.close()
    termsDialog?.dismiss()
    let dialog = HelpDialog(title: notebookLocalized("Help"), over: window, controls: .all)
    dialog.viewer.timeout = loadTimeout
    dialog.present()
    if let topic {
      dialog.show(topic: topic.page, section: topic.section, in: book)
    } else {
      dialog.show(book: book)
    }
    self.dialog = dialog
  }

  func showEmbedded(_ target: Target) {
    let viewer = embeddedViewer ?? makeEmbeddedViewer()
    gtk_widget_set_visible(pane, 1)
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

  private func openTypedAddress() {
    let text = gtk_editable_get_text(gcast(entry)).map { String(cString: $0) } ?? ""
    showDialog(.address(text), title: notebookLocalized("Web Page"))
  }

  private func addButton(
    _ label: String, to box: UnsafeMutablePointer<GtkWidget>, _ action: @escaping @MainActor (DemoWindow) -> Void
  ) {
    let button: UnsafeMutablePointer<GtkButton> = gcast(gtk_button_new_with_mnemonic(label)!)
    gtk_box_append(gcast(box), gcast(button))
    signals += button.connectClicked { [weak self] in
      if let self { action(self) }
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
