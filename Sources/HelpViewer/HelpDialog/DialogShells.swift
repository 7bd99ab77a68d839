import CGtk
import HelpViewerGlue

/// A closed dialog's window, header bar and viewer widgets (its web view and web process too),
/// kept hidden for the next dialog: it opens with no new window, no new web view and no process
/// start. At most one is kept, while `HelpViewerEngine.spareViewLimit` is above 0.
///
/// Before it is kept, the web view shows `about:blank` with nothing in its history
/// (`ViewerParts.retire()`); the next dialog's first page replaces that history in turn, and
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
  /// Forgets the kept shell when GTK destroys its window (e.g. the application quits).
  private static var keptDestroyed: SignalConnection?

  /// Whether a shell is kept now.
  static var isKeeping: Bool { kept != nil }

  /// Whether a closing dialog's shell would be kept.
  static var wantsShell: Bool { isEnabled && kept == nil && ViewPool.limit > 0 }

  /// Keeps `shell` hidden for the next dialog; `false` when none is wanted or its web view could
  /// not be emptied (the caller then destroys the window).
  static func keep(_ shell: Shell) -> Bool {
    guard wantsShell else { return false }
    gtk_window_set_transient_for(shell.window, nil)
    gtk_window_set_destroy_with_parent(shell.window, 0)
    gtk_widget_set_visible(gcast(shell.window), 0)
    guard shell.parts.retire() else { return false }
    kept = shell
    keptDestroyed = UnsafeMutablePointer<GtkWidget>(gcast(shell.window)).connectDestroy {
      kept = nil
      keptDestroyed = nil
    }
    // The shell's web process serves the next dialog: a spare view of the pool would be a second.
    ViewPool.drop()
    ViewPool.watchMemory()
    return true
  }

  /// The kept shell, no longer kept; `nil` when there is none.
  static func take() -> Shell? {
    guard let shell = kept else { return nil }
    kept = nil
    keptDestroyed?.disconnect()
    keptDestroyed = nil
    return shell
  }

  /// Destroys the kept shell's window (and with it the web view; its web process exits once no
  /// other view uses it).
  static func drop() {
    guard let shell = take() else { return }
    gtk_window_destroy(shell.window)
  }
}
