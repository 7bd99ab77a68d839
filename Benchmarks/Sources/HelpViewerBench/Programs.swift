import Foundation

/// Runs the benchmark's helper programs: itself in child modes, the demo, the raw program and
/// MiniBrowser.
enum Programs {
  static let miniBrowser = "/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser"

  /// This executable.
  static var me: URL {
    let path =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: path)
  }

  /// A program built next to this one (`swift build -c release` in this package builds both).
  static func sibling(_ name: String) -> URL { me.deletingLastPathComponent().appendingPathComponent(name) }

  /// The library's package, whose `Benchmarks/` folder holds this one.
  static let libraryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The build configuration this program was built in (`release`, `debug`), the folder's name.
  static var configuration: String { me.deletingLastPathComponent().lastPathComponent }

  /// The demo, built in the library's package in this program's configuration (`prepare` builds it).
  static var demo: URL {
    libraryRoot.appendingPathComponent(".build").appendingPathComponent(configuration)
      .appendingPathComponent("help-viewer-demo")
  }

  /// Runs `program` to its end; returns its exit status, standard output and the time it took
  /// (milliseconds). Standard error goes to a log file, shown when something fails.
  static func run(_ program: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String, milliseconds: Double
  ) {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errorLog()
    let start = now()
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let elapsed = now() - start
    return (process.terminationStatus, String(decoding: data, as: UTF8.self), elapsed)
  }

  /// Runs this executable in a child mode and decodes the `RESULT ` line it prints.
  static func child<T: Decodable>(_ type: T.Type, _ arguments: [String], environment: [String: String] = [:]) throws
    -> T
  {
    let run = try run(me, ["--child"] + arguments, environment: environment)
    guard run.status == 0,
      let line = run.output.split(separator: "\n").last(where: { $0.hasPrefix("RESULT ") })
    else { throw BenchError("child \(arguments.joined(separator: " ")) failed (\(run.status)); see \(errorLogPath)") }
    return try JSONDecoder().decode(T.self, from: Data(line.dropFirst("RESULT ".count).utf8))
  }

  static let errorLogPath = FileManager.default.temporaryDirectory.appendingPathComponent("help-viewer-bench.log").path

  static func errorLog() -> FileHandle {
    if !FileManager.default.fileExists(atPath: errorLogPath) {
      _ = FileManager.default.createFile(atPath: errorLogPath, contents: nil)
    }
    let handle = FileHandle(forWritingAtPath: errorLogPath) ?? FileHandle.nullDevice
    handle.seekToEndOfFile()
    return handle
  }

  /// Total PSS (MiB) and WebKit process count of MiniBrowser showing `url`, after it settled:
  /// the median of readings taken as `MemoryReading.settled` takes the app's, with the same
  /// malloc setting (`HeapInUse.environment`).
  static func miniBrowserMemory(_ url: String) throws -> (pss: Double, processes: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: miniBrowser)
    process.arguments = [url]
    process.environment = ProcessInfo.processInfo.environment.merging(HeapInUse.environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errorLog()
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    // Not a test: the benchmark gives MiniBrowser the same time to load and settle as the app.
    Thread.sleep(forTimeInterval: 1.5)
    let pid = process.processIdentifier
    let reading = MemoryReading.sampled(of: pid) { Thread.sleep(forTimeInterval: $0) }
    return (reading.total, ProcessTree.webKitProcesses(below: pid))
  }

  /// Re-runs this benchmark under Xvfb (and a D-Bus session) when there is no display.
  static func reexecUnderXvfbIfNeeded() -> Int32? {
    let environment = ProcessInfo.processInfo.environment
    guard (environment["DISPLAY"] ?? "").isEmpty, (environment["WAYLAND_DISPLAY"] ?? "").isEmpty,
      let xvfb = which("xvfb-run")
    else { return nil }
    print("No display: running under Xvfb (xvfb-run -a).")
    var arguments = ["-a", "--server-args=-screen 0 1280x1024x24"]
    if let dbus = which("dbus-run-session") { arguments += [dbus.path, "--"] }
    arguments += [me.path] + CommandLine.arguments.dropFirst()
    let process = Process()
    process.executableURL = xvfb
    process.arguments = arguments
    do {
      try process.run()
      process.waitUntilExit()
      return process.terminationStatus
    } catch {
      return nil
    }
  }

  /// The package `program` was built in: the folder holding the `.build` above it, when it has
  /// a `Package.swift`.
  static func packageRoot(of program: URL) -> URL? {
    var folder = program.deletingLastPathComponent()
    while folder.path != "/" {
      if folder.lastPathComponent == ".build" {
        let root = folder.deletingLastPathComponent()
        return FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) ? root : nil
      }
      folder = folder.deletingLastPathComponent()
    }
    return nil
  }

  static func which(_ name: String) -> URL? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }
}
