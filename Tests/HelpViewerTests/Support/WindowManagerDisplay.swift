import Foundation

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
    server.arguments = ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
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
    manager.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": name]) { $1 }
    manager.standardOutput = FileHandle.nullDevice
    manager.standardError = FileHandle.nullDevice
    try manager.run()
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
  }
}
