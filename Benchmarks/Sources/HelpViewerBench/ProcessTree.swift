import Foundation
import HelpViewerGlue

/// Processes and their memory, from /proc: a process and everything it started (WebKit's web and
/// network processes, below their bubblewrap sandbox).
enum ProcessTree {
  /// `root` and all its descendants (`ProcessTable`, the glue's /proc reader).
  static func family(of root: Int32) -> [Int32] { ProcessTable().family(of: root) }

  /// Total proportional set size (PSS) of `root` and its descendants, in MiB.
  static func totalPSS(of root: Int32) -> Double {
    family(of: root).reduce(0) { $0 + pss(of: $1) }
  }

  /// PSS of anonymous and shared memory (`Pss_Anon` + `Pss_Shmem`) of `root` and its
  /// descendants, in MiB: PSS without the mapped files (libraries), whose share moves with
  /// every other process that maps them (another WebKit app, a test run) rather than with ours.
  static func totalAnonPSS(of root: Int32) -> Double {
    family(of: root).reduce(0) { $0 + pss(of: $1, fields: ["Pss_Anon:", "Pss_Shmem:"]) }
  }

  /// `totalAnonPSS` by kind of process (as `pssByKind`).
  static func anonPSSByKind(of root: Int32) -> [String: Double] {
    pssByKind(of: root, fields: ["Pss_Anon:", "Pss_Shmem:"])
  }

  /// PSS in MiB (of `fields`, as `pss` reads them) by kind of process (`app`, or the WebKit
  /// helper's name: `WebKitWebProcess`, `WebKitNetworkProcess`); the sandbox's own small
  /// processes count as `other`.
  static func pssByKind(of root: Int32, fields: [String] = ["Pss:"]) -> [String: Double] {
    let table = ProcessTable()
    var result: [String: Double] = [:]
    for pid in table.family(of: root) {
      let name = table[pid]?.name ?? ""
      let kind = pid == root ? "app" : name.hasPrefix("WebKit") ? name : "other"
      result[kind, default: 0] += pss(of: pid, fields: fields)
    }
    return result
  }

  /// How many WebKit helper processes (web, network, GPU) run below `root`.
  static func webKitProcesses(below root: Int32) -> Int {
    family(of: root).filter { command(of: $0).hasPrefix("WebKit") }.count
  }

  /// A process's PSS in MiB (0 when it is gone or unreadable).
  static func pss(of pid: Int32, fields: [String] = ["Pss:"]) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { return 0 }
    var kilobytes = 0.0
    for line in text.split(separator: "\n") where fields.contains(where: { line.hasPrefix($0) }) {
      kilobytes += line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
    }
    return kilobytes / 1024
  }

  /// A process's command name (`comm`), `""` when it is gone.
  static func command(of pid: Int32) -> String { ProcessTable.process(pid)?.name ?? "" }
}
