import HelpViewerCore
import HelpViewerGlue

/// Page zoom: WebKit's zoom level, stepped like a browser's (Ctrl+plus, Ctrl+minus, Ctrl+0),
/// starting at the host's `ViewerConfiguration.defaultZoomLevel` and kept across loads.
///
/// ```swift
/// viewer.zoomIn()            // 110%
/// viewer.zoomLevel = 1.5     // 150%
/// viewer.resetZoom()         // back to the host's default
/// print(viewer.zoomLabel)    // "100%"
/// ```
extension LoadingWebView {
  /// The page's zoom level (1 is 100 %), clamped to `ZoomLevels.range` (0.3…3).
  public var zoomLevel: Double {
    get { model.zoomLevel }
    set { applyZoom(ZoomLevels.clamp(newValue)) }
  }

  /// The zoom level as people read it, e.g. `"100%"`; observe `model.zoomLabel` for changes.
  public var zoomLabel: String { model.zoomLabel }

  /// The level `resetZoom()` returns to: the host's default, clamped.
  public var defaultZoomLevel: Double { ZoomLevels.clamp(configuration.defaultZoomLevel) }

  /// Zooms in one step (as Ctrl+plus does); stays at the largest level.
  public func zoomIn() {
    zoomLevel = ZoomLevels.next(after: zoomLevel)
  }

  /// Zooms out one step (as Ctrl+minus does); stays at the smallest level.
  public func zoomOut() {
    zoomLevel = ZoomLevels.previous(before: zoomLevel)
  }

  /// Goes back to the host's default zoom level (as Ctrl+0 does).
  public func resetZoom() {
    zoomLevel = defaultZoomLevel
  }

  // MARK: - Inside the package

  /// Applies the host's default level and follows WebKit's zoom level.
  func connectZoom() {
    applyZoom(defaultZoomLevel)
    signals += page.onChange(of: "zoom-level") { [weak self] in self?.zoomChangedInWebKit() }
  }

  /// Keeps the level across loads: a page that starts with another level gets the viewer's.
  func reapplyZoom() {
    if abs(page.zoomLevel - model.zoomLevel) > 0.0001 {
      page.zoomLevel = model.zoomLevel
    }
  }

  private func applyZoom(_ level: Double) {
    guard !isDetached else { return }
    if model.zoomLevel != level { model.zoomLevel = level }
    reapplyZoom()
    updateActions()
  }

  private func zoomChangedInWebKit() {
    let level = ZoomLevels.clamp(page.zoomLevel)
    guard abs(level - model.zoomLevel) > 0.0001 else { return }
    model.zoomLevel = level
    updateActions()
  }
}
