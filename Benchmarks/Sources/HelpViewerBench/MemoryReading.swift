import Foundation
import HelpViewerGlue

/// One settled reading of the memory of the app and its WebKit processes: the median of
/// readings taken across a window, not one reading at its end.
///
/// A web process's memory moves up and down by several MiB within seconds (its garbage
/// collector and its caches' timers), so a single reading after a pause says more about when
/// it was taken than about what the process keeps. The median of a dozen readings spread over
/// three seconds does not move with one peak or trough.
///
/// ```swift
/// let before = MemoryReading.settled(of: getpid())
/// // … cycles …
/// let after = MemoryReading.settled(of: getpid())
/// print(after.anon - before.anon)   // MiB grown, without mapped files
/// ```
struct MemoryReading: Codable {
  /// Total PSS of the process and its descendants, in MiB (`ProcessTree.totalPSS`).
  var total = 0.0
  /// The same without mapped files (`ProcessTree.totalAnonPSS`).
  var anon = 0.0
  /// PSS by kind of process (`ProcessTree.pssByKind`).
  var byKind: [String: Double] = [:]
  /// PSS without mapped files by kind of process (`ProcessTree.anonPSSByKind`).
  var anonByKind: [String: Double] = [:]
  /// How many readings the medians are of.
  var readings = 1

  /// How long the processes are left alone before the first reading.
  nonisolated static let pauseSeconds = 2.0
  /// How many readings, and how far apart.
  nonisolated static let count = 12
  nonisolated static let intervalSeconds = 0.25

  /// Reads `root`'s family now, once.
  static func now(of root: Int32) -> MemoryReading {
    MemoryReading(
      total: ProcessTree.totalPSS(of: root), anon: ProcessTree.totalAnonPSS(of: root),
      byKind: ProcessTree.pssByKind(of: root), anonByKind: ProcessTree.anonPSSByKind(of: root))
  }

  /// Lets the main loop run for `pauseSeconds`, then takes `count` readings `intervalSeconds`
  /// apart (the main loop running between them) and gives their medians.
  @MainActor
  static func settled(of root: Int32) -> MemoryReading {
    sampled(of: root) { OpenBench.settle($0) }
  }

  /// Waits `pauseSeconds`, then takes `count` readings `intervalSeconds` apart, waiting with
  /// `wait` (seconds), and gives their medians: `settled` for the app, whose main loop runs
  /// meanwhile; another program's memory (MiniBrowser) with a plain sleep.
  static func sampled(of root: Int32, waiting wait: (Double) -> Void) -> MemoryReading {
    wait(pauseSeconds)
    var readings: [MemoryReading] = []
    for index in 0..<count {
      if index > 0 { wait(intervalSeconds) }
      readings.append(now(of: root))
    }
    return median(of: readings)
  }

  /// The median of each figure (a kind missing from a reading counts as 0 there).
  static func median(of readings: [MemoryReading]) -> MemoryReading {
    let kinds = Set(readings.flatMap { $0.byKind.keys })
    let anonKinds = Set(readings.flatMap { $0.anonByKind.keys })
    return MemoryReading(
      total: Samples(readings.map(\.total)).median,
      anon: Samples(readings.map(\.anon)).median,
      byKind: Dictionary(
        uniqueKeysWithValues: kinds.map { kind in (kind, Samples(readings.map { $0.byKind[kind] ?? 0 }).median) }),
      anonByKind: Dictionary(
        uniqueKeysWithValues: anonKinds.map { kind in (kind, Samples(readings.map { $0.anonByKind[kind] ?? 0 }).median)
        }),
      readings: readings.count)
  }
}
