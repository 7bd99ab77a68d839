import HelpViewerCore
import Observation

/// The observable state of a `LoadingWebView`, for Swift code that observes with Observation.
///
/// ```swift
/// withObservationTracking { _ = viewer.model.state.phase } onChange: { print("changed") }
/// ```
@MainActor
@Observable
public final class LoadingWebViewModel {
  /// The viewer's current state; changes as WebKit reports the load.
  public internal(set) var state = LoadState()

  nonisolated init() {}
}
