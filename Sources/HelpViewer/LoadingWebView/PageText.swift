import HelpViewerCore
import HelpViewerGlue

/// What the viewer's text view shows and why: asked for (Show as Text), or switched on because
/// a screen reader runs where GTK cannot reach WebKit's accessibility tree
/// (`ScreenReaderWatch`); which load its text was read from; find in page's matches in it.
///
/// ```swift
/// pageText.isRequested = true     // Show as Text
/// if pageText.isShown { … }
/// ```
@MainActor
final class PageText {
  /// The widgets (the viewer's parts own them).
  let view: TextPageView
  /// Whether a person asked for the text view (Show as Text) or the page; `nil` until they
  /// choose, when a screen reader decides (`isAutomatic`).
  var isRequested: Bool?
  /// Whether the text view is on for a screen reader (`ScreenReaderWatch`).
  var isAutomatic = false
  /// Whether the text view shows instead of the page.
  var isShown: Bool { isRequested ?? isAutomatic }
  /// The load (`LoadState.loadNumber`) and address whose text is shown or being read.
  var readLoad: Int?
  var readAddress: String?
  /// Whether the text, once read, takes the keyboard focus: it was in the viewer when the
  /// text view came or the page before went.
  var wantsFocus = false
  /// The blocks matching find in page, and the one shown now.
  var matches: [Int] = []
  var currentMatch: Int?

  init(view: TextPageView) {
    self.view = view
  }

  /// Forgets the text read (a new page comes, or an error).
  func forget() {
    readLoad = nil
    readAddress = nil
    matches = []
    currentMatch = nil
    view.clear()
  }
}
