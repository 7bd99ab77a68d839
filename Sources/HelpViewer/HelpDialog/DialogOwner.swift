import Foundation
import HelpViewerGlue

/// The owner of one dialog's window, header bar and viewer: where they come from when the
/// dialog opens, and the one place that decides what becomes of them when it ends: kept for the
/// next dialog, the web view's process given to the pool, the window destroyed.
///
/// `HelpDialog` holds one (and `TermsDialog` through the `HelpDialog` it shows). The stores
/// (`ViewPool`, `Preloads`) only store; this type takes from them, and gives back through
/// `HelpViewerEngine`, which also sets their limits and drops what they hold.
///
/// **Opening.** The viewer that preloaded the page (`Preloads`, only for
/// `HelpDialog.present(url)`) in a new window; else a kept shell (`ViewPool.takeShell()`); else
/// a new window and a viewer on a pool's spare view (`HelpViewerEngine.newViewer`) or a new one.
///
/// **Ending.** Exactly once, whichever way comes first (`Ending`). The viewer lets go of WebKit
/// first (`LoadingWebView.detachFromWebKit()`, which ends a stuck page's process), then the
/// dialog's own end runs (its signals, book, waiters, `onClose`), then the window is kept or
/// destroyed:
///
/// | The dialog ends…                    | its window       | its web view                          |
/// |-------------------------------------|------------------|---------------------------------------|
/// | closed while open, and may be kept  | hidden, kept     | kept with it, emptied (`retire()`)    |
/// | closed otherwise, or the app quits  | destroyed        | its process to the pool               |
/// | with its window (destroyed by GTK)  | gone already     | its process to the pool               |
/// | dropped before it ended (deinit)    | destroyed        | its process to the pool               |
///
/// May be kept: closed by a person or the host while open, no footer (`isReusable`: a terms
/// dialog's), `HelpViewerEngine.reusesDialogWindows` on and `spareViewLimit` above 0, no other
/// shell kept, the page not stuck in a script, the web view on the shared network session. A
/// book dialog's window is kept too, with the book's widgets taken out first (`book`): the
/// next dialog, book or not, finds the plain layout and makes its own search bar and note.
/// When WebKit refuses the view's new, empty history (`ViewerParts.retire()`), the process
/// goes to the pool and the window is destroyed after all. A stuck page's view goes
/// nowhere (its process ended). "To the pool" is `HelpViewerEngine.viewerClosed`, also used by
/// a host's own viewer and a dropped preload (`LoadingWebView.detach()`).
///
/// ```swift
/// let owner = DialogOwner(preloadedFor: url, controls: .standard)
/// owner.end(.closed, wasOpen: true) { /* the dialog's own end */ }
/// ```
@MainActor
final class DialogOwner {
  /// How a dialog ends.
  enum Ending {
    /// Closed by a person or the host (close button, Esc, Ctrl+W, `close()`, a cancelled wait).
    case closed
    /// Its application quit (`GApplication::shutdown`).
    case applicationQuit
    /// GTK destroyed its window (with its parent).
    case windowDestroyed
    /// Dropped by the host before it ended (e.g. never presented).
    case dropped
  }

  /// The dialog's window; GTK owns it. Touched only until the end.
  let window: Window
  let header: DialogHeader
  let viewer: LoadingWebView
  /// The shortcut controllers the dialog added to its window, taken off when the window is kept.
  var windowShortcuts: [ShortcutController] = []
  /// Whether the window, header and viewer widgets may serve the next dialog: not once the
  /// window holds a footer (`HelpDialog.setFooter`).
  var isReusable = true
  /// The book's search bar, its toggle and the note the dialog put into the window
  /// (`HelpDialog.attach(book:)`), taken out before the window is kept.
  var book: DialogBook?
  /// Whether `viewer` preloaded the page (`Preloads`): the dialog shows it with no new load.
  let isPreloaded: Bool
  /// Whether the dialog has ended.
  private(set) var hasEnded = false

  /// A preloaded viewer of `url` in a new window, or a kept shell, or new parts (see above).
  convenience init(preloadedFor url: URL?, controls: HelpDialog.Controls) {
    if let url, let preloaded = Preloads.take(url) {
      self.init(viewer: preloaded, isPreloaded: true, controls: controls)
    } else if let shell = ViewPool.takeShell() {
      self.init(shell: shell, controls: controls)
    } else {
      self.init(viewer: HelpViewerEngine.newViewer(), isPreloaded: false, controls: controls)
    }
  }

  /// `viewer` in a new window.
  init(viewer: LoadingWebView, isPreloaded: Bool = false, controls: HelpDialog.Controls) {
    self.viewer = viewer
    self.isPreloaded = isPreloaded
    header = DialogHeader(controls: controls)
    window = DialogWindow.make()
  }

  /// A closed dialog's window, header and viewer widgets, with a new viewer on them.
  private init(shell: ViewPool.Shell, controls: HelpDialog.Controls) {
    viewer = LoadingWebView(parts: shell.parts)
    isPreloaded = false
    header = shell.header
    header.show(controls)
    window = shell.window
  }

  /// A dialog dropped before it ended still has its window in GTK's toplevel list, and its
  /// viewer is still connected.
  isolated deinit {
    end(.dropped, wasOpen: false) {}
  }

  /// Ends the dialog `way` (once; later calls do nothing): the viewer lets go of WebKit,
  /// `ended` runs (the dialog's own end), then the window and web view are kept, or the view's
  /// process goes to the pool and the window is destroyed (see the table above).
  func end(_ way: Ending, wasOpen: Bool, then ended: () -> Void) {
    guard !hasEnded else { return }
    hasEnded = true
    // Decided before the viewer detaches: detaching ends a stuck page's process.
    let keeps =
      way == .closed && wasOpen && isReusable && ViewPool.wantsShell && !viewer.isStuck
      && WebEngine.isShared(viewer.parts.webViewRef)
    let left = viewer.detachFromWebKit()
    if !keeps, let left, !left.wasStuck {
      // Now, before `onClose`: a dialog opened there finds the process handed over.
      HelpViewerEngine.viewerClosed(viewer.parts.webViewRef, isLoading: left.wasLoading)
    }
    ended()
    if keeps {
      if keep() { return }
      // WebKit refused the view's empty history: not kept after all.
      HelpViewerEngine.viewerClosed(viewer.parts.webViewRef, isLoading: false)
    }
    if way != .windowDestroyed { window.destroy() }
  }

  /// Hides the window, with nothing of this dialog on it, and keeps it with the header and
  /// viewer widgets for the next dialog; `false` when the web view could not be emptied.
  private func keep() -> Bool {
    DialogWindow.detach(window)
    for shortcut in windowShortcuts { shortcut.remove() }
    windowShortcuts.removeAll()
    window.insertActions(nil, as: "dialog")
    window.insertActions(nil, as: ViewerActions.prefix)
    // No focus widget while kept: the closed dialog's (e.g. Retry, which the next dialog's
    // first page hides) would be dropped once the window maps again, and GTK would then give
    // the focus to the first header button.
    window.setFocus(nil)
    window.isVisible = false
    // Hidden first (no empty frame shows): the plain layout again, nothing of the book (search
    // text, results, note) for the next dialog.
    book?.takeOut(of: window, header: header, page: viewer.root)
    return HelpViewerEngine.keep(ViewPool.Shell(window: window, header: header, parts: viewer.parts))
  }
}
