import Foundation
import HelpViewerCore

/// Pages loaded in the background for a dialog to come: `HelpDialog.present(url)` takes the
/// viewer that preloaded `url`, so the page shows on the dialog's first frame, with no new load.
///
/// Bounded: at most `limit` pages; the oldest is dropped (its web process goes to the pool).
/// It makes no viewer itself: `HelpViewerEngine.preload` gives it one (on a pool's spare).
///
/// ```swift
/// Preloads.preload(helpURL) { LoadingWebView(url: $0) }
/// let viewer = Preloads.take(helpURL)  // the viewer, loading or loaded, or nil
/// ```
@MainActor
enum Preloads {
  /// How many preloaded pages are kept at most.
  static var limit = 2 {
    didSet { trim() }
  }
  private(set) static var viewers: [(address: String, viewer: LoadingWebView)] = []

  /// Starts loading `url` in a viewer that `make` makes and no window shows yet; the same URL
  /// twice keeps the first viewer (`make` is not called) unless its load failed.
  static func preload(_ url: URL, make: (URL) -> LoadingWebView) -> LoadingWebView {
    let address = url.absoluteString
    if let index = viewers.firstIndex(where: { $0.address == address }), viewers[index].viewer.state.error == nil {
      return viewers[index].viewer
    }
    _ = take(url)  // A failed one: dropped.
    let viewer = make(url)
    viewers.append((address, viewer))
    trim()
    return viewer
  }

  /// The viewer that preloaded `url`, no longer kept here; `nil` when there is none or its load
  /// failed (a dialog then loads the page again, with its own error view if it fails again).
  static func take(_ url: URL) -> LoadingWebView? {
    let address = url.absoluteString
    guard let index = viewers.firstIndex(where: { $0.address == address }) else { return nil }
    let viewer = viewers.remove(at: index).viewer
    guard viewer.state.error == nil, !viewer.state.isOfflineCopy else {
      viewer.detach()
      return nil
    }
    return viewer
  }

  /// Drops every preloaded page.
  static func drop() {
    let dropped = viewers
    viewers.removeAll()
    for entry in dropped { entry.viewer.detach() }
  }

  private static func trim() {
    while viewers.count > max(limit, 0) { viewers.removeFirst().viewer.detach() }
  }
}
