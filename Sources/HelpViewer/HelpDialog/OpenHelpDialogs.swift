import HelpViewerBooks

/// The help dialogs open now that show a help book: asking for help from a book that an open
/// dialog already shows, or over a window that already has a help dialog, brings that dialog
/// forward instead of opening a second one (`HelpDialog.present(topic:in:)`,
/// `present(book:)`, `presentContextHelp(in:over:)`): one help at a time, one help window per
/// window.
///
/// ```swift
/// if let open = OpenHelpDialogs.showing(book, over: window) { open.present() }
/// ```
@MainActor
enum OpenHelpDialogs {
  private struct Entry {
    weak var dialog: HelpDialog?
  }

  private static var entries: [Entry] = []

  /// Notes that `dialog` is open (once per dialog): a book dialog, or a help page's.
  static func add(_ dialog: HelpDialog) {
    entries.removeAll { $0.dialog == nil || $0.dialog?.hasEnded == true }
    if !entries.contains(where: { $0.dialog === dialog }) { entries.append(Entry(dialog: dialog)) }
  }

  /// The open dialog showing `book` now, if there is one (the one opened first).
  static func showing(_ book: HelpBook) -> HelpDialog? {
    entries.removeAll { $0.dialog == nil || $0.dialog?.hasEnded == true }
    return entries.lazy.compactMap(\.dialog).first { $0.isOpen && $0.bookSupport?.book == book }
  }

  /// The open dialog showing `book`, else the open book dialog over `parent`'s window (which
  /// may show another book now, after a link to another app's help), if there is one.
  static func showing(_ book: HelpBook, over parent: (any DialogParent)?) -> HelpDialog? {
    if let open = showing(book) { return open }
    guard let window = ParentWindow.resolve(parent) else { return nil }
    return entries.lazy.compactMap(\.dialog).first { $0.isOpen && $0.showsHelp && window.isSame(as: $0.parentWindow) }
  }
}
