import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue

/// A closed dialog's window, header bar and viewer widgets (its web view and web process too),
/// kept hidden for the next dialog: it opens with no new window, no new web view and no process
/// start. At most one is kept, while `HelpViewerEngine.spareViewLimit` is above 0.
///
/// Before it is kept, the web view shows an empty page (`ViewerParts.retire()`); the next
/// dialog's first page replaces the history (`SessionHistory`), and
/// `ViewerParts.reset(for:)` removes what the dialog before added. The closed dialog's Swift
/// objects stay closed: its viewer is detached and loads nothing more.
///
/// ```swift
/// if DialogShells.keep(shell) { return }   // on close, instead of destroying the window
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
  /// Whether the kept shell's blank page finished loading: before, its load events would reach
  /// the next dialog's viewer, so no dialog takes it.
  private static var isReady = false
  /// Forgets the kept shell when GTK destroys its window (e.g. the application quits).
  private static var keptDestroyed: SignalConnection?
  private static var blankLoad: SignalConnection?

  /// Whether a shell is kept now.
  static var isKeeping: Bool { kept != nil }

  /// Whether a kept shell is ready for the next dialog (its empty page loaded).
  static var hasReadyShell: Bool { kept != nil && isReady }

  /// Whether a closing dialog's shell would be kept.
  static var wantsShell: Bool { isEnabled && kept == nil && ViewPool.limit > 0 }

  /// Keeps `shell` hidden for the next dialog; `false` when none is wanted or its web view could
  /// not be emptied (the caller then destroys the window).
  static func keep(_ shell: Shell) -> Bool {
    // A web view on a session with trusted certificates serves no other dialog (`WebEngine`).
    guard wantsShell, WebEngine.isShared(shell.parts.webViewRef) else { return false }
    // No focus widget while kept: the closed dialog's (e.g. Retry, which the next dialog's
    // first page hides) would be dropped once the window maps again, and GTK would then give
    // the focus to the first header button.
    gtk_window_set_focus(shell.window, nil)
    gtk_window_set_transient_for(shell.window, nil)
    gtk_window_set_destroy_with_parent(shell.window, 0)
    gtk_widget_set_visible(gcast(shell.window), 0)
    isReady = false
    // Ready once the blank page's own load finished: a load the closed dialog left running ends
    // (cancelled) with a FINISHED of its own first, but only the blank page's load starts now.
    var blankStarted = false
    let webView = shell.parts.webView
    blankLoad = webView.connectLoadChanged { event in
      if event == WEBKIT_LOAD_STARTED { blankStarted = true }
      guard event == WEBKIT_LOAD_FINISHED, blankStarted, webkit_web_view_is_loading(webView) == 0 else { return }
      stopWatchingBlankLoad()
      isReady = true
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
    // The shell's web process serves the next dialog: a spare view of the pool would be a second.
    ViewPool.drop()
    ViewPool.watchMemory()
    return true
  }

  /// The kept shell, no longer kept; `nil` when there is none or it is not ready yet.
  static func take() -> Shell? {
    guard let kept, isReady, webkit_web_view_is_loading(kept.parts.webView) == 0 else { return nil }
    return release()
  }

  /// Forgets the kept shell (ready or not) and returns it.
  private static func release() -> Shell? {
    let shell = kept
    kept = nil
    isReady = false
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
