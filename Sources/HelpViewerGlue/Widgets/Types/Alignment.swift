import HelpViewerCGtk

/// Where a widget sits in the space its parent gives it along one axis (GTK's `GtkAlign`).
///
/// ```swift
/// banner.verticalAlignment = .start   // at the top of the overlay, not stretched over it
/// ```
public enum Alignment: Sendable, Equatable {
  /// Stretched over the whole space.
  case fill
  /// At the start (the left in left-to-right text, the top).
  case start
  /// At the end.
  case end
  /// In the middle.
  case center
  /// Lined up on text baselines (vertical only).
  case baseline

  init(_ align: GtkAlign) {
    switch align {
    case GTK_ALIGN_START: self = .start
    case GTK_ALIGN_END: self = .end
    case GTK_ALIGN_CENTER: self = .center
    case GTK_ALIGN_BASELINE: self = .baseline
    default: self = .fill
    }
  }

  var gtk: GtkAlign {
    switch self {
    case .fill: GTK_ALIGN_FILL
    case .start: GTK_ALIGN_START
    case .end: GTK_ALIGN_END
    case .center: GTK_ALIGN_CENTER
    case .baseline: GTK_ALIGN_BASELINE
    }
  }
}
