import HelpViewerCGtk

/// A GTK spinner (`GtkSpinner`): turns while something is under way.
///
/// ```swift
/// let spinner = Spinner()
/// spinner.isSpinning = true
/// ```
@MainActor
public final class Spinner: Widget {
  /// A new spinner, still.
  public init() {
    super.init(adoptingNew: gtk_spinner_new())
  }

  /// Whether it turns.
  public var isSpinning: Bool {
    get { gtk_spinner_get_spinning(OpaquePointer(raw)) != 0 }
    set {
      if newValue { gtk_spinner_start(OpaquePointer(raw)) } else { gtk_spinner_stop(OpaquePointer(raw)) }
    }
  }
}
