import Foundation
import HelpViewerGlue
import XCTest

/// A display of its own with a real window manager (Debian's `metacity`) on it, to see windows
/// as people do: an Xvfb server on a free display number and metacity managing it. Tests run
/// against it in a child process (`ChildTestRun`, `DISPLAY` set), so no other test sees it.
///
/// ```swift
/// let display = try WindowManagerDisplay()
/// defer { display.stop() }
/// try ChildTestRun.run("WindowManagerTests/testX", ["DISPLAY": display.name])
/// ```
final class WindowManagerDisplay {
  static let metacity = "/usr/bin/metacity"
  static var isAvailable: Bool {
    [metacity, "/usr/bin/Xvfb", "/usr/bin/xwininfo", "/usr/bin/xprop"].allSatisfy {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// `:N`.
  let name: String
  private let server = Process()
  private let manager = Process()

  init() throws {
    server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
    // -displayfd 1: Xvfb picks a free display and writes its number on standard output.
    // -noreset: by default an X server resets when its last client leaves, and a client that
    // connects meanwhile is turned away. `isManaging`'s xprop is such a client: when it left as
    // metacity connected, metacity said "Unable to open X display" and exited (1 start in about
    // 40 under load, seen in a test run and in a loop of starts; none in 400 with -noreset).
    server.arguments = ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp", "-noreset"]
    let numberPipe = Pipe()
    server.standardOutput = numberPipe
    server.standardError = FileHandle.nullDevice
    try server.run()
    var text = ""
    while !text.contains("\n") {
      let chunk = numberPipe.fileHandleForReading.availableData
      guard !chunk.isEmpty else { break }
      text += String(decoding: chunk, as: UTF8.self)
    }
    guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      server.terminate()
      throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "Xvfb gave no display: \(text)"])
    }
    name = ":\(number)"
    manager.executableURL = URL(fileURLWithPath: Self.metacity)
    manager.arguments = ["--sm-disable", "--replace"]
    // metacity is a GTK 3 program: without its accessibility bridge it makes no calls on the
    // accessibility bus while it starts (each may wait up to D-Bus's 25 s on a loaded machine).
    manager.environment = ProcessInfo.processInfo.environment.merging(
      ["DISPLAY": name, "NO_AT_BRIDGE": "1", "GTK_A11Y": "none"]
    ) { $1 }
    FileManager.default.createFile(atPath: logFile.path, contents: nil)
    let log = try FileHandle(forWritingTo: logFile)
    manager.standardOutput = log
    manager.standardError = log
    try manager.run()
  }

  /// Where metacity's messages go, for a failure to say why it did not start.
  private let logFile = FileManager.default.temporaryDirectory.appendingPathComponent(
    "metacity-\(UUID().uuidString).log")

  /// What metacity said so far, and whether it still runs: for a failure message.
  var diagnosis: String {
    let said = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    let state = manager.isRunning ? "running" : "exited with \(manager.terminationStatus)"
    return "metacity on \(name) is \(state); it said: \(said.isEmpty ? "nothing" : said)"
  }

  /// Whether the window manager has announced itself on the root window (EWMH).
  @MainActor var isManaging: Bool {
    let result = try? runProgram(
      "/usr/bin/xprop", ["-display", name, "-root", "_NET_SUPPORTING_WM_CHECK"], environment: childEnvironment())
    return result?.output.contains("window id #") == true
  }

  func stop() {
    for process in [manager, server] where process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: logFile)
  }

  /// Spins the main loop until metacity manages the display; fails the test, saying what
  /// metacity said, after `timeout` seconds (its first start on a loaded machine is slow).
  @MainActor
  func waitUntilManaging(timeout: Double = 30, file: StaticString = #filePath, line: UInt = #line) -> Bool {
    if MainLoop.spin(until: { isManaging }, timeout: timeout) { return true }
    XCTFail("metacity did not manage its display within \(timeout) s: \(diagnosis)", file: file, line: line)
    return false
  }
}
