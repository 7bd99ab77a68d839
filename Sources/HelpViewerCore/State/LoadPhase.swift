/// Where a page load stands: nothing yet, loading, shown, or failed with a typed error.
public enum LoadPhase: Sendable, Equatable {
  /// Nothing has been asked for yet, or a load was stopped before anything was shown.
  case idle
  /// A load is under way.
  case loading
  /// The page is shown.
  case loaded
  /// The page could not be shown; the error says why.
  case failed(LoadError)

  /// A short name for reports and logs: `idle`, `loading`, `loaded` or `failed`.
  public var name: String {
    switch self {
    case .idle: return "idle"
    case .loading: return "loading"
    case .loaded: return "loaded"
    case .failed: return "failed"
    }
  }
}
