import Foundation
import HelpViewerGlue

/// The WebKit web processes this test process started (below their bubblewrap sandbox), read
/// from /proc by the glue's `ProcessTable`: to check that a process ends, not how long it takes.
///
/// ```swift
/// let before = WebProcesses.running()
/// // … load a page in a new view …
/// let started = WebProcesses.running().subtracting(before)
/// ```
enum WebProcesses {
  /// The running (not zombie) `WebKitWebProcess` descendants of this process (`ProcessTable`).
  static func running() -> Set<Int32> {
    let table = ProcessTable()
    return Set(
      table.family(of: getpid()).filter { pid in
        table[pid].map { $0.name.hasPrefix("WebKitWebProces") && !$0.isZombie } ?? false
      })
  }
}
