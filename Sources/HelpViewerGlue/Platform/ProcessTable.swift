import Foundation

/// The processes of this machine as `/proc` shows them when read: each one's parent, name and
/// state. The package's one `/proc` process reader: the benchmark sums the memory of an app and
/// the WebKit processes below it, the tests count the web processes a viewer leaves running.
///
/// ```swift
/// let table = ProcessTable()
/// let webProcesses = table.family(of: getpid()).filter { table[$0]?.name.hasPrefix("WebKitWebProces") == true }
/// ```
public struct ProcessTable: Sendable {
  /// One process, from its `/proc/PID/stat`.
  public struct Process: Sendable, Equatable {
    public let pid: Int32
    /// Its parent's pid.
    public let parent: Int32
    /// Its command name (`comm`: at most 15 bytes, `WebKitWebProces`).
    public let name: String
    /// Its state: `R` running, `S` sleeping, `Z` a zombie (ended, not yet waited for), …
    public let state: String

    /// Whether it ended and only waits for its parent to collect its status.
    public var isZombie: Bool { state == "Z" }
  }

  /// Every process readable when the table was made, by pid.
  public let processes: [Int32: Process]

  /// The processes running now.
  public init() {
    var processes: [Int32: Process] = [:]
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let pid = Int32(entry), let process = Self.process(pid) else { continue }
      processes[pid] = process
    }
    self.processes = processes
  }

  /// Process `pid`, when it was running as the table was made.
  public subscript(pid: Int32) -> Process? { processes[pid] }

  /// `root` and all its descendants, `root` first.
  public func family(of root: Int32) -> [Int32] {
    var children: [Int32: [Int32]] = [:]
    for process in processes.values { children[process.parent, default: []].append(process.pid) }
    var result: [Int32] = []
    var queue = [root]
    while let pid = queue.popLast() {
      result.append(pid)
      queue += children[pid] ?? []
    }
    return result
  }

  /// Process `pid` as `/proc/PID/stat` says now, or `nil` when it is gone or unreadable. The
  /// name stands between the first `(` and the last `)`: a name may hold either, and spaces.
  public static func process(_ pid: Int32) -> Process? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 1, let parent = Int32(fields[1]) else { return nil }
    return Process(
      pid: pid, parent: parent, name: String(stat[stat.index(after: open)..<close]), state: String(fields[0]))
  }
}
