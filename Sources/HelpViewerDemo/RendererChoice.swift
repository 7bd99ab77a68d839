import Foundation

/// Which of GTK's renderers Notebook asks for: without a GPU (no DRM render node, as in a
/// virtual machine or under Xvfb), GTK's GL renderer runs on software GL (llvmpipe), which
/// takes tens of milliseconds longer to start and more memory than its cairo renderer; Notebook
/// picks cairo then. A person's own `GSK_RENDERER` always wins. Call before GTK starts.
///
/// ```swift
/// RendererChoice.apply()   // GSK_RENDERER=cairo on a machine without /dev/dri/renderD*
/// ```
enum RendererChoice {
  /// The renderer for a machine whose `/dev/dri` holds `devices` (`nil`: no such folder), with
  /// `chosen` the person's `GSK_RENDERER`; `nil` leaves GTK's own choice.
  static func renderer(devices: [String]?, chosen: String?) -> String? {
    guard chosen == nil || chosen?.isEmpty == true else { return nil }
    let hasRenderNode = devices?.contains { $0.hasPrefix("renderD") } ?? false
    return hasRenderNode ? nil : "cairo"
  }

  /// Sets `GSK_RENDERER` for this process as `renderer(devices:chosen:)` says.
  static func apply() {
    let devices = try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")
    if let renderer = renderer(devices: devices, chosen: ProcessInfo.processInfo.environment["GSK_RENDERER"]) {
      setenv("GSK_RENDERER", renderer, 1)
    }
  }
}
