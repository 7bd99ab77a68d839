import HelpViewerBooks

/// The help dialogs open now that show a help book: asking for help from a book that an open
/// dialog already shows brings that dialog forward instead of opening a second one
/// (`HelpDialog.present(topic:in:)`, `present(book:)`, `presentContextHelp(in:over:)`).
///
/// ```swift
/// if let open = OpenHelpDialogs.showing(book) { open.present() }
/// ```
@MainActor
enum OpenHelpDialogs {
  private struct Entry {
    weak var dialog: HelpDialog?
  }

  private static var entries: [Entry] = []

  /// Notes that `dialog` shows a book now (once per dialog).
  static func add(_ dialog: HelpDialog) {
    entries.removeAll { $0.dialog == nil || $0.dialog?.hasEnded == true }
    if !entries.contains(where: { $0.dialog === dialog }) { entries.append(Entry(dialog: dialog)) }
  }

  /// The open dialog showing `book` now, if there is one (the one opened first).
  static func showing(_ book: HelpBook) -> HelpDialog? {
    entries.removeAll { $0.dialog == nil || $0.dialog?.hasEnded == true }
    return entries.lazy.compactMap(\.dialog).first { $0.isOpen && $0.bookSupport?.book == book }
  }
}
