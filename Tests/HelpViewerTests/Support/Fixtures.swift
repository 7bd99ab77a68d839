import Foundation
import HelpViewerCGtk
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// A toplevel window holding `widget`, shown; destroy it with `gtk_window_destroy`.
@MainActor
func showInWindow(_ widget: UnsafeMutablePointer<GtkWidget>, title: String = "HelpViewer test") -> UnsafeMutablePointer<
  GtkWindow
> {
  let window: UnsafeMutablePointer<GtkWindow> = gcast(gtk_window_new()!)
  gtk_window_set_title(window, title)
  gtk_window_set_default_size(window, 640, 480)
  gtk_window_set_child(window, widget)
  gtk_window_present(window)
  return window
}

/// An address on 127.0.0.1 where nothing listens: a server's port, after it stopped.
@MainActor
func closedPortURL() throws -> URL {
  let server = try TestServer()
  let url = server.url("/")
  server.stop()
  return url
}

/// This process's environment for a child process, in English whatever the tests run under
/// (`LANGUAGE`, `LC_ALL` and `LC_MESSAGES` removed, `LANG=C.UTF-8`), plus `values`.
func childEnvironment(_ values: [String: String] = [:]) -> [String: String] {
  var environment = ProcessInfo.processInfo.environment
  for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES"] { environment.removeValue(forKey: name) }
  environment["LANG"] = "C.UTF-8"
  return environment.merging(values) { $1 }
}

/// Runs a program to its end while the main loop keeps running; returns its exit status and
/// standard output. It runs in English (`childEnvironment()`) unless `environment` says otherwise.
@MainActor
func runProgram(
  _ path: String, _ arguments: [String], environment: [String: String] = childEnvironment(), timeout: Double = 60
) throws -> (status: Int32, output: String) {
  let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("hv-out-\(UUID().uuidString)")
  _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
  defer { try? FileManager.default.removeItem(at: outputURL) }
  let output = try FileHandle(forWritingTo: outputURL)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  process.environment = environment
  process.standardOutput = output
  try process.run()
  if !MainLoop.spin(until: { !process.isRunning }, timeout: timeout) {
    process.terminate()
    XCTFail("\(path) \(arguments) ran longer than \(timeout) s")
  }
  process.waitUntilExit()
  try output.close()
  let text = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
  return (process.terminationStatus, text)
}

/// A real mouse click through the X server at (`x`, `y`) inside `window`.
@MainActor
func click(
  in window: UnsafeMutablePointer<GtkWindow>, x: Int, y: Int, file: StaticString = #filePath, line: UInt = #line
) throws {
  let id = try focus(window, file: file, line: line)
  _ = try runProgram("/usr/bin/xdotool", ["mousemove", "--window", id, String(x), String(y), "click", "1"])
}

/// Gives `window` the X keyboard focus and waits until GTK knows; returns its X window id.
@MainActor
@discardableResult
func focus(_ window: UnsafeMutablePointer<GtkWindow>, file: StaticString = #filePath, line: UInt = #line) throws
  -> String
{
  // The X server sees a title GTK just set a moment later, and a loading page changes the
  // title: search by the current title until the X server has it. Only mapped windows: a kept
  // dialog window (hidden, for the next dialog) may have the same title.
  var title = ""
  var found: String?
  MainLoop.spin(
    until: {
      title = gtk_window_get_title(window).map { String(cString: $0) } ?? ""
      let search = try? runProgram("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^\(title)$"])
      found = search?.output.split(separator: "\n").last.map(String.init)
      return found != nil
    }, timeout: 5)
  guard let id = found else {
    XCTFail("no X window titled \(title)", file: file, line: line)
    return ""
  }
  _ = try runProgram("/usr/bin/xdotool", ["windowfocus", id])
  waitUntil("the window has the keyboard focus", file: file, line: line) { gtk_window_is_active(window) != 0 }
  return id
}

/// Sends real key presses through the X server (XTEST) to `window`, after giving it the focus.
@MainActor
func pressKeys(
  _ keys: String, in window: UnsafeMutablePointer<GtkWindow>, file: StaticString = #filePath, line: UInt = #line
) throws {
  try focus(window, file: file, line: line)
  _ = try runProgram("/usr/bin/xdotool", ["key", "--clearmodifiers", keys])
}
