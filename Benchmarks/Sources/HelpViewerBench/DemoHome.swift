import Foundation
import HelpViewer

/// Notebook's folders for the demo's launches that are not automated (no `--report`): since
/// issue 20.1 such a launch asks for the terms at start unless a receipt is kept, which would
/// put the terms sheet on the screen instead of the page asked for. A temporary
/// `XDG_CONFIG_HOME` holds an accepted receipt and a temporary `XDG_DATA_HOME` takes the notes,
/// so nothing of the person's is read or written.
///
/// ```swift
/// let shown = try watch.launch(demo, ["--show", "help"], environment: try DemoHome.environment())
/// ```
enum DemoHome {
  /// The environment to add: `XDG_CONFIG_HOME` and `XDG_DATA_HOME` in a temporary folder,
  /// made (with the receipt) on the first call.
  static func environment() throws -> [String: String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("help-viewer-bench-home")
    let config = folder.appendingPathComponent("config")
    let receipt = config.appendingPathComponent("notebook/terms-receipt.json")
    if !FileManager.default.fileExists(atPath: receipt.path) {
      try FileManager.default.createDirectory(
        at: receipt.deletingLastPathComponent(), withIntermediateDirectories: true)
      // The demo only asks whether a receipt is kept; this one names no real document.
      let accepted = TermsReceipt(
        requestedURL: "help-viewer-bench:terms", finalURL: "help-viewer-bench:terms",
        sha256: String(repeating: "0", count: 64), title: "accepted by help-viewer-bench", acceptedAt: Date())
      let encoder = JSONEncoder()
      encoder.dateEncodingStrategy = .iso8601
      try encoder.encode(accepted).write(to: receipt, options: .atomic)
    }
    return ["XDG_CONFIG_HOME": config.path, "XDG_DATA_HOME": folder.appendingPathComponent("data").path]
  }
}
