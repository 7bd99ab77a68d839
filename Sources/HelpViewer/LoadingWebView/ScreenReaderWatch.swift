import HelpViewerCore
import HelpViewerGlue

/// Switches every viewer's text view on while a screen reader runs, where GTK cannot expose the
/// page itself (`TextViewChoice`): followed on the session bus (`ScreenReaderStatus`) from the
/// first viewer on, while the app runs.
///
/// ```swift
/// ScreenReaderWatch.shared.follow(viewer)   // the viewer shows text while Orca runs (GTK 4.8)
/// ```
@MainActor
final class ScreenReaderWatch {
  static let shared = ScreenReaderWatch()

  /// The GTK version the choice is made for; tests set another to see the choice of GTK 4.14.
  static var gtkVersion = ScreenReaderStatus.gtkVersion {
    didSet { shared.apply() }
  }

  private var status = ScreenReaderStatus()
  private var viewers: [WeakViewer] = []

  private init() {
    status.onChange = { [weak self] _ in self?.apply() }
  }

  /// Follows the screen reader on the bus at `address` instead of the session bus (`nil`: the
  /// session bus again): for tests, that must not turn on the desktop's screen reader.
  func followBus(at address: String?) {
    status = ScreenReaderStatus(busAddress: address)
    status.onChange = { [weak self] _ in self?.apply() }
    apply()
  }

  /// Whether a screen reader runs, as last read from the session bus.
  var screenReaderRuns: Bool { status.isEnabled }

  /// Whether viewers show text by themselves now.
  var showsText: Bool { TextViewChoice.showsText(screenReader: status.isEnabled, gtk: Self.gtkVersion) }

  /// Follows the screen reader for `viewer` from now on.
  func follow(_ viewer: LoadingWebView) {
    viewers.removeAll { $0.viewer == nil || $0.viewer?.isDetached == true }
    viewers.append(WeakViewer(viewer: viewer))
    viewer.setTextForScreenReader(showsText)
  }

  private func apply() {
    let on = showsText
    for entry in viewers { entry.viewer?.setTextForScreenReader(on) }
  }

  private struct WeakViewer {
    weak var viewer: LoadingWebView?
  }
}
