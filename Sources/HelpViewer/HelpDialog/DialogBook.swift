import HelpViewerBooks
import HelpViewerGlue

/// What a dialog showing a help book adds to it: the book, the search bar under the header
/// (with its toggle in the header) and the note above the page (e.g. for an unknown topic).
///
/// It holds a reference to every widget it touches (its parts hold theirs), so that when the
/// dialog's window is destroyed, or kept for the next dialog without them (`takeOut`), they live
/// on, unparented, until the dialog goes; once the dialog has ended (`end()`) its signals are
/// disconnected and late callbacks do nothing.
///
/// ```swift
/// dialog.bookSupport = DialogBook(book: book)   // HelpDialog.attach(book:) does this
/// ```
@MainActor
final class DialogBook {
  /// The book searched and shown.
  var book: HelpBook
  let search = HelpSearch()
  let note = NoteBanner()
  /// The box holding the search bar, the note and the page.
  let content = Box(.vertical)
  let signals = SignalBag()
  /// Whether the dialog has ended: nothing of the book is shown or searched any more.
  private(set) var hasEnded = false
  /// The text the last results page was loaded for.
  var searchedText: String?
  /// The index page's address while the note about a missing topic shows: the note goes once
  /// another page shows.
  var noteShownAt: String?
  /// Whether the index page the note is about has shown since the note appeared.
  var noteSeen = false

  init(book: HelpBook) {
    self.book = book
    content.append(search.bar)
    content.append(note.root)
  }

  /// Takes the book's widgets out of a closed dialog's `window` before it is kept for the next
  /// dialog (`DialogOwner`): the search toggle leaves `header`'s bar, and `page` (the viewer's
  /// widget) is the window's only child again, the plain layout a new dialog window has. The
  /// widgets stay alive, unparented, until this object goes.
  func takeOut(of window: Window, header: DialogHeader, page: Widget) {
    header.bar.remove(search.toggle)
    header.showsBookNavigation = false
    guard page.isChild(of: content) else { return }
    // `content` and the viewer hold the box and the page through the moves.
    window.setChild(nil)
    content.remove(page)
    // As a new viewer's widget: the box had it take the height.
    page.resetVerticalExpansion()
    window.setChild(page)
  }

  /// The dialog ended: disconnects the search entry, the search bar and the note, so that no
  /// signal of theirs reaches the dialog again. Safe to call more than once.
  func end() {
    if !hasEnded { book.stopPreparingLinkedPages() }  // No one will follow the page's links.
    hasEnded = true
    signals.disconnectAll()
    note.disconnect()
  }
}
