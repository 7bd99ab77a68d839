import Foundation

/// Launches a program and watches the screen until it settles: the time from the spawn until
/// the screen first showed what it finally settled on, then the program is ended.
///
/// "Settled" is a screen unchanged for `settleSeconds` and different from the screen before
/// the launch; "shown" is the first grab equal to that settled screen.
///
/// ```swift
/// let watch = try ScreenWatch()
/// let shown = try watch.launch(URL(fileURLWithPath: "/usr/bin/yelp"), ["help:gnome-help"])  // ms
/// ```
final class ScreenWatch {
  /// How long the screen must stay the same to count as settled.
  static let settleSeconds = 1.5
  /// Beyond this a launch fails.
  static let timeoutSeconds = 30.0
  /// The least time from one grab's start to the next (ms). A shared-memory grab takes under
  /// 1 ms: grabbing back to back would keep a core busy and slow the program watched on a
  /// small machine, for a resolution no frame needs.
  static let grabPeriod = 4.0

  private let screen: ScreenGrab
  /// The milliseconds between successive grabs, over every launch watched.
  private(set) var grabIntervals = Samples()
  private var launches = 0

  init() throws { screen = try ScreenGrab() }

  /// How the screen is grabbed: `XShmGetImage` or `XGetImage`.
  var grabCall: String { screen.usesSharedMemory ? "XShmGetImage" : "XGetImage" }

  /// Spawns `program` with `arguments` (and `environment` added to this one's), returns the ms
  /// from the spawn to the first grab showing the settled screen, then ends the program (SIGTERM,
  /// waited for) and waits until the screen is back to what it was before the launch.
  func launch(_ program: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> Double {
    let empty = screen.hash()
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = Programs.errorLog()
    let start = now()
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
      waitForScreen(empty)
    }
    var grabs: [(time: Double, hash: UInt64)] = []
    var changed = 0.0  // when the screen last changed
    while now() - start < Self.timeoutSeconds * 1000 {
      Self.pace(after: grabs.last?.time)
      let time = now()
      let hash = screen.hash()
      if let last = grabs.last {
        grabIntervals.add(time - last.time)
        if hash != last.hash { changed = time }
      } else {
        changed = time
      }
      grabs.append((time, hash))
      if hash != empty, time - changed >= Self.settleSeconds * 1000 {
        guard let first = grabs.first(where: { $0.hash == hash }) else { break }
        record(program, grabs, start: start)
        return first.time - start
      }
      if !process.isRunning { throw BenchError("\(program.lastPathComponent) exited (\(process.terminationStatus))") }
    }
    throw BenchError("the screen did not settle within \(Int(Self.timeoutSeconds)) s of \(program.lastPathComponent)")
  }

  /// Runs `body` while another thread grabs the screen as `launch` does: the load watching puts
  /// on the machine, to compare a program's own timings with and without it.
  func whileGrabbing<T>(_ body: () throws -> T) rethrows -> T {
    let running = NSCondition()
    nonisolated(unsafe) var stop = false
    nonisolated(unsafe) var stopped = false
    let screen = screen
    Thread.detachNewThread {
      var last: Double?
      while running.withLock({ !stop }) {
        Self.pace(after: last)
        last = now()
        _ = screen.hash()
      }
      running.withLock {
        stopped = true
        running.signal()
      }
    }
    defer {
      running.withLock {
        stop = true
        while !stopped { running.wait() }
      }
    }
    return try body()
  }

  /// Waits until `grabPeriod` has passed since the grab started at `last` (pacing the polls,
  /// not waiting for anything).
  private static func pace(after last: Double?) {
    guard let last else { return }
    let left = grabPeriod - (now() - last)
    if left > 0 { usleep(useconds_t(left * 1000)) }
  }

  /// With `HELP_VIEWER_BENCH_SCREENS=FOLDER`, writes the settled screen there as PPM and logs
  /// when the screen changed (ms after the spawn): to check what a launch measured.
  private func record(_ program: URL, _ grabs: [(time: Double, hash: UInt64)], start: Double) {
    guard let folder = ProcessInfo.processInfo.environment["HELP_VIEWER_BENCH_SCREENS"] else { return }
    launches += 1
    let name = "\(folder)/\(launches)-\(program.lastPathComponent).ppm"
    screen.save(to: name)
    var changes: [String] = []
    for (grab, previous) in zip(grabs.dropFirst(), grabs) where grab.hash != previous.hash {
      changes.append(String(Int(grab.time - start)))
    }
    Driver.log("screen of \(name) changed at \(changes.joined(separator: ", ")) ms")
  }

  /// Grabs until the screen is `hash` again (the program's windows gone), for at most 10 s.
  private func waitForScreen(_ hash: UInt64) {
    let start = now()
    while now() - start < 10_000, screen.hash() != hash {}
  }
}
