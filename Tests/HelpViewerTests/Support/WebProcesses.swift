import Foundation

/// The WebKit web processes this test process started (below their bubblewrap sandbox), read
/// from /proc: to check that a process ends, not how long it takes.
///
/// ```swift
/// let before = WebProcesses.running()
/// // … load a page in a new view …
/// let started = WebProcesses.running().subtracting(before)
/// ```
enum WebProcesses {
  /// The running (not zombie) `WebKitWebProcess` descendants of this process.
  static func running() -> Set<Int32> {
    var children: [Int32: [Int32]] = [:]
    var names: [Int32: (name: String, state: String)] = [:]
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
      else { continue }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 1, let parent = Int32(fields[1]) else { continue }
      children[parent, default: []].append(pid)
      names[pid] = (String(stat[stat.index(after: open)..<close]), String(fields[0]))
    }
    var result: Set<Int32> = []
    var queue = [getpid()]
    while let pid = queue.popLast() {
      if let entry = names[pid], entry.name.hasPrefix("WebKitWebProces"), entry.state != "Z" { result.insert(pid) }
      queue += children[pid] ?? []
    }
    return result
  }
}
