import Foundation

/// How long this process has run, measured from its start as the kernel recorded it:
/// `/proc/self/stat`'s `starttime` (clock ticks after boot) against `CLOCK_BOOTTIME` now. So
/// the time the dynamic loader and the libraries' constructors took counts too.
///
/// ```swift
/// let seconds = ProcessClock.secondsSinceStart()   // 0.42
/// ```
enum ProcessClock {
  /// The start-up's milestones so far (`mark(_:)`), in the order reached: where the time to the
  /// first page goes (`--report`'s `timings.milestones`).
  @MainActor private(set) static var milestones: [(name: String, seconds: Double)] = []

  /// Notes that the start-up reached `name` now.
  ///
  /// ```swift
  /// ProcessClock.mark("gtkReady")
  /// ```
  @MainActor static func mark(_ name: String) {
    if let seconds = secondsSinceStart() { milestones.append((name, seconds)) }
  }

  /// Seconds since this process started, or `nil` when `/proc` cannot tell.
  static func secondsSinceStart() -> Double? {
    guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8) else { return nil }
    var now = timespec()
    guard clock_gettime(CLOCK_BOOTTIME, &now) == 0 else { return nil }
    let uptime = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    return secondsSinceStart(stat: stat, uptime: uptime, ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
  }

  /// The seconds between the start recorded in `stat` (the text of `/proc/PID/stat`) and
  /// `uptime` (seconds after boot), with `ticksPerSecond` clock ticks a second; `nil` when
  /// `stat` is not such a text.
  ///
  /// ```swift
  /// ProcessClock.secondsSinceStart(stat: "12 (my prog) S 1 … 5000 …", uptime: 51.5, ticksPerSecond: 100)  // 1.5
  /// ```
  static func secondsSinceStart(stat: String, uptime: Double, ticksPerSecond: Double) -> Double? {
    // The command name (field 2) is in parentheses and may hold spaces and parentheses itself.
    guard let close = stat.lastIndex(of: ")"), ticksPerSecond > 0 else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // fields[0] is field 3 (state); starttime is field 22.
    guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
    return max(0, uptime - ticks / ticksPerSecond)
  }
}
