import HelpViewerBooks
import HelpViewerCGtk
import HelpViewerGlue

/// What a dialog showing a help book adds to it: the book, the search bar under the header
/// (with its toggle in the header) and the note above the page (e.g. for an unknown topic).
///
/// ```swift
/// dialog.bookSupport = DialogBook(book: book)   // HelpDialog.attach(book:) does this
/// ```
@MainActor
final class DialogBook {
  /// The book searched and shown.
  var book: HelpBook
  let search = SearchBar()
  let note = NoteBanner()
  /// The box holding the search bar, the note and the page.
  let content: UnsafeMutablePointer<GtkWidget>
  let signals = SignalBag()
  /// The text the last results page was loaded for.
  var searchedText: String?
  /// The index page's address while the note about a missing topic shows: the note goes once
  /// another page shows.
  var noteShownAt: String?
  /// Whether the index page the note is about has shown since the note appeared.
  var noteSeen = false

  init(book: HelpBook) {
    self.book = book
    content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
    gtk_box_append(gcast(content), search.bar)
    gtk_box_append(gcast(content), note.root)
  }
}
