import Foundation
import HelpViewerGlue
import XCTest

/// Reads this process's windows over AT-SPI from outside, as a screen reader does: `pyatspi`
/// in a child process walks the accessibility bus of this process's D-Bus session, from the
/// desktop to this process's application (found by its process id), into the window with a
/// given title, and through WebKit's page, which lives in the web process.
///
/// Only for a session of the test's own (`AtSpiPageTests` runs in `xvfb-run dbus-run-session`):
/// `enableScreenReader()` sets `ScreenReaderEnabled`, which on the desktop's bus would start its
/// screen reader.
///
/// ```swift
/// let reader = try AtSpiReader()
/// let tree = try reader.read(window: "Help", wanting: ["heading|Notebook Help"])
/// XCTAssertTrue(tree.found, tree.output)
/// ```
@MainActor
final class AtSpiReader {
  private let folder: URL
  private let walker: URL

  /// Writes the walker; throws `XCTSkip` without `python3-pyatspi`.
  init() throws {
    let check = try runProgram("/usr/bin/python3", ["-c", "import pyatspi"], timeout: 30)
    try XCTSkipUnless(check.status == 0, "python3-pyatspi is not installed")
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("hv-atspi-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    walker = folder.appendingPathComponent("read.py")
    try atSpiPageWalker.write(to: walker, atomically: true, encoding: .utf8)
  }

  /// Sets `ScreenReaderEnabled` as Orca does; throws `XCTSkip` where the accessibility bus
  /// cannot be started (at-spi2-core).
  func enableScreenReader() throws {
    var result = (status: Int32(1), output: "")
    for _ in 0..<50 {
      result = try runProgram(
        "/usr/bin/gdbus",
        [
          "call", "--session", "--dest", "org.a11y.Bus", "--object-path", "/org/a11y/bus", "--method",
          "org.freedesktop.DBus.Properties.Set", "org.a11y.Status", "ScreenReaderEnabled", "<true>",
        ], timeout: 20)
      if result.status == 0 { return }
      MainLoop.spin(until: { false }, timeout: 0.1)
    }
    throw XCTSkip("org.a11y.Bus cannot be started on this D-Bus session (at-spi2-core): \(result.output)")
  }

  /// Walks the window titled `window` until every one of `wanting` is there (`role|start`: a
  /// node of that role whose name, or text, starts so), for at most `seconds`.
  func read(window: String, wanting: [String], seconds: Double = 30) throws -> AtSpiTree {
    let pid = String(ProcessInfo.processInfo.processIdentifier)
    let result = try runProgram(
      "/usr/bin/python3", [walker.path, pid, window, String(seconds)] + wanting, timeout: seconds + 30)
    return AtSpiTree(output: result.output, lines: result.output.split(separator: "\n").map(String.init))
  }

  /// Removes the walker.
  func stop() {
    try? FileManager.default.removeItem(at: folder)
  }
}

/// What `AtSpiReader` read: `FOUND` when everything wanted was there, then every node of the
/// window as `role|name|level` (the name, or the node's text when it has no name), each busy
/// one followed by `busy|role|name`.
struct AtSpiTree {
  let output: String
  let lines: [String]

  var found: Bool { lines.contains("FOUND") }

  /// Whether a node of `role` is there, named `name` (or any name), at heading `level` if given.
  func has(_ role: String, _ name: String? = nil, level: String? = nil) -> Bool {
    lines.contains { line in
      let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 3, fields[0] == role else { return false }
      return (name == nil || fields[1] == name) && (level == nil || fields[2] == level)
    }
  }
}

/// `words(accessible)` (a node's name, or its text when it has none: a paragraph of WebKit's)
/// and `nodes(accessible, out)` (every node under it as `(role, words, level)`, and a `busy`
/// entry for each node marked busy): the Python the AT-SPI walkers share.
let atSpiTreeFunctions = """
  def words(accessible):
      name = (accessible.name or "").strip()
      if name:
          return name
      try:
          text = accessible.queryText()
          return text.getText(0, text.characterCount).replace("\\ufffc", "").strip()
      except Exception:
          return ""

  def nodes(accessible, out, depth=0):
      try:
          role = accessible.getRoleName()
          attributes = dict(a.split(":", 1) for a in accessible.getAttributes() if ":" in a)
          out.append((role, " ".join(words(accessible).split()), attributes.get("level", "")))
          if accessible.getState().contains(pyatspi.STATE_BUSY):
              out.append(("busy", role, accessible.name or ""))
      except Exception:
          return
      if depth > 80:
          return
      for index in range(accessible.childCount):
          try:
              child = accessible.getChildAtIndex(index)
          except Exception:
              continue
          if child is not None:
              nodes(child, out, depth + 1)
  """

/// `read.py PID TITLE SECONDS WANTED…`: walks the application of process PID, in its window
/// TITLE, until every WANTED (`role|start`) is found or SECONDS pass.
private let atSpiPageWalker = """
  import sys, time
  import pyatspi

  pid, title, seconds, wanted = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), sys.argv[4:]

  \(atSpiTreeFunctions)

  def window_nodes():
      desktop = pyatspi.Registry.getDesktop(0)
      apps, out = 0, []
      for index in range(desktop.childCount):
          app = desktop.getChildAtIndex(index)
          try:
              if app is None or app.get_process_id() != pid:
                  continue
          except Exception:
              continue
          apps += 1
          for window_index in range(app.childCount):
              window = app.getChildAtIndex(window_index)
              if window is not None and (window.name or "") == title:
                  nodes(window, out)
      return apps, out

  def matches(want, seen):
      role, start = want.split("|", 1)
      return any(r == role and n.startswith(start) for r, n, l in seen)

  deadline = time.time() + seconds
  while True:
      apps, seen = window_nodes()
      found = bool(seen) and all(matches(want, seen) for want in wanted)
      if found or time.time() > deadline:
          break
      time.sleep(0.25)
  if apps == 0:
      print("no application of process %d on the accessibility bus" % pid)
  if found:
      print("FOUND")
  for role, name, level in seen:
      print("%s|%s|%s" % (role, name.replace("|", "/"), level))
  """
