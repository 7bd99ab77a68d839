import HelpViewerCGtk

/// A GTK progress bar (`GtkProgressBar`): how much of something is done.
///
/// ```swift
/// let bar = ProgressBar()
/// bar.fraction = 0.4
/// ```
@MainActor
public final class ProgressBar: Widget {
  /// A new, empty progress bar.
  public init() {
    super.init(adoptingNew: gtk_progress_bar_new())
  }

  /// How much is done, from 0 to 1.
  public var fraction: Double {
    get { gtk_progress_bar_get_fraction(OpaquePointer(raw)) }
    set { gtk_progress_bar_set_fraction(OpaquePointer(raw), newValue) }
  }
}
