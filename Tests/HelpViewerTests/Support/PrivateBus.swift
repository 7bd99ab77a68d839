import Foundation
import XCTest

/// A D-Bus session bus of a test's own (`dbus-daemon --session`), whose services (the
/// accessibility bus launcher among them) start with the in-memory GSettings backend: what a
/// test sets there (`ScreenReaderEnabled`) reaches neither the desktop's screen reader nor the
/// settings kept on disk.
///
/// ```swift
/// let bus = try PrivateBus()
/// defer { bus.stop() }
/// _ = try runProgram("/usr/bin/gdbus", ["call", "--session", …], environment: bus.environment)
/// ```
@MainActor
final class PrivateBus {
  let address: String
  private let process = Process()

  /// Starts the bus; throws `XCTSkip` when `dbus-daemon` cannot run here.
  init() throws {
    var environment = childEnvironment()
    environment["GSETTINGS_BACKEND"] = "memory"
    // No display for the services it starts: the accessibility bus launcher would put its
    // address on the display's root window (AT_SPI_BUS), and every GTK program started on that
    // display later would try the bus, gone with this one.
    environment["DISPLAY"] = nil
    environment["WAYLAND_DISPLAY"] = nil
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
    process.arguments = ["--session", "--nofork", "--print-address=1"]
    process.environment = environment
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw XCTSkip("dbus-daemon cannot start here: \(error)")
    }
    // The daemon writes its address first, one line.
    var text = ""
    while !text.contains("\n") {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
    }
    let line = text.split(separator: "\n").first.map(String.init) ?? ""
    guard !line.isEmpty else {
      process.terminate()
      throw XCTSkip("dbus-daemon gave no address")
    }
    address = line
  }

  /// The environment of a child that should use this bus as its session bus.
  var environment: [String: String] {
    var environment = childEnvironment()
    environment["DBUS_SESSION_BUS_ADDRESS"] = address
    environment["GSETTINGS_BACKEND"] = "memory"
    return environment
  }

  /// Stops the bus (and with it the services it started).
  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}
