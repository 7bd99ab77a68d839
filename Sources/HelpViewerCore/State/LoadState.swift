/// Everything a viewer shows about its page, as one value.
///
/// `LoadStateMachine` produces it from WebKit's events; the widgets render it. The derived
/// properties (`showsSpinner`, `showsProgress`, `canReload`) are the rules the widgets follow.
///
/// ```swift
/// viewer.onStateChange = { state in
///   if state.phase == .loaded { print(state.title ?? "untitled") }
/// }
/// ```
public struct LoadState: Sendable, Equatable {
  /// The phase of the current load.
  public var phase: LoadPhase = .idle
  /// Estimated progress of the current load, 0...1.
  public var progress: Double = 0
  /// The address being shown or loaded (after redirects, once known).
  public var url: String?
  /// The address a retry loads: the one that was asked for last.
  public var requestedURL: String?
  /// The page's title, as the page sets it.
  public var title: String?
  /// The HTTP status of the main resource, when it came over HTTP.
  public var httpStatus: Int?
  /// Whether the current load has put anything on screen yet.
  public var hasContent = false
  public var canGoBack = false
  public var canGoForward = false
  /// Why the bundled offline copy is shown instead of the page asked for; `nil` when it is not.
  public var offlineReason: LoadError?
  /// The identity of the current (or last) load: 1 for the viewer's first, one more for each
  /// load after it (asked for, or started by a link in the page). `LoadingWebView.load` returns
  /// it, so a host can tell which load a state is about; 0 before any load.
  public var loadNumber = 0

  public init() {}

  /// The error, when the phase is `.failed`.
  public var error: LoadError? {
    if case .failed(let error) = phase { return error }
    return nil
  }

  /// Whether the page shown is the bundled offline copy.
  public var isOfflineCopy: Bool { offlineReason != nil }

  /// A load is under way.
  public var isLoading: Bool { phase == .loading }
  /// The spinner shows while a load has nothing on screen yet.
  public var showsSpinner: Bool { phase == .loading && !hasContent }
  /// The progress bar shows during loads and hides when they end.
  public var showsProgress: Bool { phase == .loading }
  /// Reload (or Retry) can act once something was asked for.
  public var canReload: Bool { requestedURL != nil && phase != .loading }
}
