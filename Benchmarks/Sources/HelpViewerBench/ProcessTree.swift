import Foundation

/// Processes and their memory, from /proc: a process and everything it started (WebKit's web and
/// network processes, below their bubblewrap sandbox).
enum ProcessTree {
  /// `root` and all its descendants.
  static func family(of root: Int32) -> [Int32] {
    var children: [Int32: [Int32]] = [:]
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let pid = Int32(entry), let parent = parent(of: pid) else { continue }
      children[parent, default: []].append(pid)
    }
    var result: [Int32] = []
    var queue = [root]
    while let pid = queue.popLast() {
      result.append(pid)
      queue += children[pid] ?? []
    }
    return result
  }

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
    var result: [String: Double] = [:]
    for pid in family(of: root) {
      let name = command(of: pid)
      let kind = pid == root ? "app" : name.hasPrefix("WebKit") ? name : "other"
      result[kind, default: 0] += pss(of: pid, fields: ["Pss_Anon:", "Pss_Shmem:"])
    }
    return result
  }

  /// PSS in MiB by kind of process (`app`, or the WebKit helper's name: `WebKitWebProcess`,
  /// `WebKitNetworkProcess`); the sandbox's own small processes count as `other`.
  static func pssByKind(of root: Int32) -> [String: Double] {
    var result: [String: Double] = [:]
    for pid in family(of: root) {
      let name = command(of: pid)
      let kind = pid == root ? "app" : name.hasPrefix("WebKit") ? name : "other"
      result[kind, default: 0] += pss(of: pid)
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

  static func command(of pid: Int32) -> String {
    ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  private static func parent(of pid: Int32) -> Int32? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count > 1 ? Int32(fields[1]) : nil
  }
}
