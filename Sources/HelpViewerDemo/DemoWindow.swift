import Foundation
import HelpViewer
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerDemoContent
import HelpViewerGlue

/// The main window of "Notebook", a small notes app that embeds HelpViewer: a header bar (new
/// note, Notes | What's New, sync, the primary menu), the notes (`NotesPanel`), a "What's new"
/// pane with an embedded `LoadingWebView`, and a status line (the answer to the terms, sync).
/// Its help, terms and developer pages are in `DemoWindow+Pages.swift`.
///
/// ```swift
/// let demo = DemoWindow(pages: pages, application: app, store: NoteStore(file: nil))
/// demo.present()
/// demo.show(.help)
/// ```
@MainActor
final class DemoWindow {
  /// The `GtkApplicationWindow`.
  let window: UnsafeMutablePointer<GtkWindow>
  /// The folder of Notebook's pages, registered as `NotebookContent.folderName`; `nil` when it
  /// was not found (the pages then fail as "Page Not Found").
  let pages: URL?
  /// Notebook's own help book (`help/C`, `help/de`), when its pages were found; read once, when
  /// help is first asked for.
  private(set) lazy var notebookBook: HelpBook? = pages.flatMap {
    try? HelpBook(folder: $0.appendingPathComponent("help"))
  }
  let notes: NotesPanel
  /// The header bar's sync button (tagged with the help topic `sync`).
  let syncButton: UnsafeMutablePointer<GtkWidget>
  var dialog: HelpDialog?
  var termsDialog: TermsDialog?
  /// The last answer to the terms, shown in the status line.
  var termsDecision: TermsDecision?
  var embeddedViewer: LoadingWebView?
  /// Called with the receipt when the terms are accepted (the app keeps it).
  var onTermsAccepted: (@MainActor (TermsReceipt) -> Void)?
  private(set) var isClosed = false
  /// The `GtkStack` of the Notes and What's New pages.
  let stack: OpaquePointer
  let pane: UnsafeMutablePointer<GtkWidget>
  var prompt: OpenURLPrompt?
  private let statusLabel: UnsafeMutablePointer<GtkWidget>
  let signals = SignalBag()
  /// The load timeout of every viewer the demo makes.
  var loadTimeout: Double = 30

  /// The names of the stack's pages.
  enum Page: String {
    case notes
    case whatsNew = "whats-new"
  }

  init(pages: URL?, application: UnsafeMutablePointer<GtkApplication>, store: NoteStore) {
    self.pages = pages
    if let pages { BundledScheme.register(folder: pages, as: NotebookContent.folderName) }
    // GTK owns the toplevel; closing it destroys it (and its dialogs, destroyed with it).
    window = gcast(gtk_application_window_new(application)!)
    gtk_window_set_title(window, notebookLocalized("Notebook"))
    gtk_window_set_default_size(window, 760, 560)
    notes = NotesPanel(store: store)
    stack = gcast(gtk_stack_new()!)
    pane = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_widget_set_vexpand(pane, 1)
    gtk_stack_add_titled(stack, notes.widget, Page.notes.rawValue, notebookLocalized("Notes"))
    gtk_stack_add_titled(stack, pane, Page.whatsNew.rawValue, notebookLocalized("What's New"))
    syncButton = gtk_button_new_from_icon_name("emblem-synchronizing-symbolic")!
    statusLabel = gtk_label_new(notebookLocalized("Terms: not answered yet."))!

    let header = gtk_header_bar_new()!
    gtk_window_set_titlebar(window, header)
    let switcher = gtk_stack_switcher_new()!
    gtk_stack_switcher_set_stack(gcast(switcher), stack)
    gtk_header_bar_set_title_widget(gcast(header), switcher)
    gtk_header_bar_pack_start(
      gcast(header), Self.actionButton("list-add-symbolic", notebookLocalized("New Note"), "app.new-note"))
    gtk_header_bar_pack_end(gcast(header), Self.menuButton())
    gtk_widget_set_tooltip_text(syncButton, notebookLocalized("Sync"))
    syncButton.setAccessibleLabel(notebookLocalized("Sync"))
    HelpTopics.tag(UnsafeMutableRawPointer(syncButton), topic: "sync", section: "status")
    gtk_header_bar_pack_end(gcast(header), syncButton)

    gtk_label_set_wrap(gcast(statusLabel), 1)
    gtk_label_set_selectable(gcast(statusLabel), 1)
    gtk_label_set_xalign(gcast(statusLabel), 0)
    gtk_widget_add_css_class(statusLabel, "dim-label")
    for set in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { set(statusLabel, 6) }
    for set in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { set(statusLabel, 12) }
    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_box_append(gcast(content), gcast(stack))
    gtk_box_append(gcast(content), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
    gtk_box_append(gcast(content), statusLabel)
    gtk_window_set_child(window, content)

    signals += UnsafeMutablePointer<GtkButton>(gcast(syncButton)).connectClicked { [weak self] in
      self?.setStatus(notebookLocalized("Sync is not set up on this computer. Press F1 to read how."))
    }
    signals += connectNotify(UnsafeMutableRawPointer(stack), property: "visible-child") { [weak self] in
      self?.pageChanged()
    }
    signals += UnsafeMutablePointer<GtkWidget>(gcast(window)).connectDestroy { [weak self] in self?.isClosed = true }
  }

  func present() { gtk_window_present(window) }

  /// Shows `page` of the stack.
  func showPage(_ page: Page) { gtk_stack_set_visible_child_name(stack, page.rawValue) }

  /// The page of the stack shown.
  var visiblePage: Page? {
    gtk_stack_get_visible_child_name(stack).flatMap { Page(rawValue: String(cString: $0)) }
  }

  /// The status line's text.
  var status: String { gtk_label_get_text(gcast(statusLabel)).map { String(cString: $0) } ?? "" }

  func setStatus(_ text: String) { gtk_label_set_text(gcast(statusLabel), text) }

  /// What's New shown without a page yet: Notebook's help, in the pane.
  private func pageChanged() {
    guard visiblePage == .whatsNew, embeddedViewer == nil else { return }
    show(.help, embedded: true)
  }

  private static func actionButton(_ icon: String, _ tooltip: String, _ action: String) -> UnsafeMutablePointer<
    GtkWidget
  > {
    let button = gtk_button_new_from_icon_name(icon)!
    gtk_widget_set_tooltip_text(button, tooltip)
    button.setAccessibleLabel(tooltip)
    gtk_actionable_set_action_name(gcast(button), action)
    return button
  }

  private static func menuButton() -> UnsafeMutablePointer<GtkWidget> {
    let button = gtk_menu_button_new()!
    gtk_menu_button_set_icon_name(gcast(button), "open-menu-symbolic")
    gtk_widget_set_tooltip_text(button, notebookLocalized("Main Menu"))
    button.setAccessibleLabel(notebookLocalized("Main Menu"))
    let menu = PrimaryMenu.make()
    gtk_menu_button_set_menu_model(gcast(button), menu)
    g_object_unref(UnsafeMutableRawPointer(menu))
    gtk_menu_button_set_primary(gcast(button), 1)
    return button
  }
}
