import HelpViewerCore
import Observation

/// The observable state of a `LoadingWebView`, for Swift code that observes with Observation.
///
/// ```swift
/// withObservationTracking { _ = viewer.model.state.phase } onChange: { print("changed") }
/// withObservationTracking { _ = viewer.model.zoomLabel } onChange: { print("zoom changed") }
/// ```
@MainActor
@Observable
public final class LoadingWebViewModel {
  /// The viewer's current state; changes as WebKit reports the load.
  public internal(set) var state = LoadState()
  /// Find in page: whether the bar is shown, the text, the match count.
  public internal(set) var findState = FindState()
  /// The page's zoom level (1 is 100 %), as WebKit applies it.
  public internal(set) var zoomLevel = 1.0

  /// The zoom level as people read it, e.g. `"100%"` (for a menu item).
  public var zoomLabel: String { ZoomLevels.label(for: zoomLevel) }

  nonisolated init() {}
}
