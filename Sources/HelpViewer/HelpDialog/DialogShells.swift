import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue

/// Where a closed dialog's window, header bar and viewer widgets (its web view and web process
/// too) wait, hidden, for the next dialog: it opens with no new window, no new web view and no
/// process start. At most one is kept. Whether a dialog's shell is kept is `DialogOwner`'s
/// decision, which also hides the window and takes it off its parent before.
///
/// While kept, the web view shows an empty page (`ViewerParts.retire()`); the next dialog's
/// first page replaces the history (`SessionHistory`), and `ViewerParts.reset(for:)` removes
/// what the dialog before added. The closed dialog's Swift objects stay closed: its viewer is
/// detached and loads nothing more.
///
/// ```swift
/// if DialogShells.keep(shell) { return }   // `DialogOwner`, instead of destroying the window
/// let shell = DialogShells.take()          // in the next dialog, when one is kept
/// ```
@MainActor
enum DialogShells {
  /// What a dialog is built of, besides its Swift objects.
  struct Shell {
    let window: UnsafeMutablePointer<GtkWindow>
    let header: DialogHeader
    let parts: ViewerParts
  }

  /// Whether closed dialogs' shells are kept at all (`HelpViewerEngine.reusesDialogWindows`).
  static var isEnabled = true {
    didSet { if !isEnabled { drop() } }
  }
  private static var kept: Shell?
  /// Forgets the kept shell when GTK destroys its window (e.g. the application quits).
  private static var keptDestroyed: SignalConnection?
  /// Watches the kept shell's blank page until it finished loading: before, its load events
  /// would reach the next dialog's viewer, so no dialog takes it.
  private static var blankLoad: SignalConnection?

  /// Whether a shell is kept now.
  static var isKeeping: Bool { kept != nil }

  /// Whether a kept shell is ready for the next dialog (its empty page loaded).
  static var hasReadyShell: Bool { kept != nil && blankLoad == nil }

  /// Whether a closing dialog's shell could be kept: on, and no other kept.
  static var wantsShell: Bool { isEnabled && kept == nil }

  /// Keeps `shell` (its window hidden and detached already) for the next dialog, its web view
  /// emptied; `false` when none is wanted or the web view could not be emptied (the caller then
  /// destroys the window).
  static func keep(_ shell: Shell) -> Bool {
    guard wantsShell else { return false }
    // Ready once the blank page's own load finished: a load the closed dialog left running ends
    // (cancelled) with a FINISHED of its own first, but only the blank page's load starts now.
    var blankStarted = false
    let webView = shell.parts.webView
    blankLoad = webView.connectLoadChanged { event in
      if event == WEBKIT_LOAD_STARTED { blankStarted = true }
      guard event == WEBKIT_LOAD_FINISHED, blankStarted, webkit_web_view_is_loading(webView) == 0 else { return }
      stopWatchingBlankLoad()
    }
    guard shell.parts.retire() else {
      stopWatchingBlankLoad()
      return false
    }
    kept = shell
    keptDestroyed = UnsafeMutablePointer<GtkWidget>(gcast(shell.window)).connectDestroy {
      kept = nil
      keptDestroyed = nil
      stopWatchingBlankLoad()
    }
    return true
  }

  /// The kept shell, no longer kept; `nil` when there is none or it is not ready yet.
  static func take() -> Shell? {
    guard hasReadyShell, let kept, webkit_web_view_is_loading(kept.parts.webView) == 0 else { return nil }
    return release()
  }

  /// Forgets the kept shell (ready or not) and returns it.
  private static func release() -> Shell? {
    let shell = kept
    kept = nil
    keptDestroyed?.disconnect()
    keptDestroyed = nil
    stopWatchingBlankLoad()
    return shell
  }

  private static func stopWatchingBlankLoad() {
    blankLoad?.disconnect()
    blankLoad = nil
  }

  /// Destroys the kept shell's window (and with it the web view; its web process exits once no
  /// other view uses it).
  static func drop() {
    guard let shell = release() else { return }
    gtk_window_destroy(shell.window)
  }
}
