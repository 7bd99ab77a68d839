import Foundation
import HelpViewerCore
import HelpViewerGlue
import XCTest

/// The help as a screen reader reads it, from outside the process, over AT-SPI (issue 34): the
/// demo runs with the accessibility bus of a D-Bus session of its own started (on an X display
/// of its own) and `ScreenReaderEnabled` set, as Orca sets it; `pyatspi` walks the desktop as
/// Orca would.
final class AtSpiTests: XCTestCase {
  func testAScreenReaderReadsTheHelpOverAtSpi() throws {
    let launcher = "/usr/libexec/at-spi-bus-launcher"
    try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: launcher), "at-spi2-core is not installed")
    for program in ["/usr/bin/dbus-run-session", "/usr/bin/Xvfb"] {
      try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: program), "\(program) is missing")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hv-atspi-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let walker = folder.appendingPathComponent("walk.py")
    let script = folder.appendingPathComponent("run.sh")
    try atSpiWalker.write(to: walker, atomically: true, encoding: .utf8)
    try runScript.write(to: script, atomically: true, encoding: .utf8)

    let result = try MainActor.assumeIsolated {
      var environment = childEnvironment()
      // Nothing set on this bus reaches the disk (the launcher keeps the setting in GSettings).
      environment["GSETTINGS_BACKEND"] = "memory"
      environment["HV_DEMO"] = demoBinary
      environment["HV_WALKER"] = walker.path
      environment["HV_DEMO_LOG"] = folder.appendingPathComponent("demo.log").path
      environment["HV_DISPLAY_FILE"] = folder.appendingPathComponent("display").path
      environment["XAUTHORITY"] = nil  // The script's own display needs no cookie.
      return try runProgram(
        "/usr/bin/dbus-run-session", ["--", "/bin/bash", script.path], environment: environment, timeout: 150)
    }
    let lines = result.output.split(separator: "\n").map(String.init)
    if let reason = lines.first(where: { $0.hasPrefix("SKIP ") }) { throw XCTSkip(String(reason.dropFirst(5))) }
    let demoLog = (try? String(contentsOf: folder.appendingPathComponent("demo.log"), encoding: .utf8)) ?? ""
    XCTAssertTrue(
      lines.contains("FOUND"),
      "the help's text never showed over AT-SPI:\n\(result.output)\nthe demo said:\n\(demoLog.suffix(4000))")
    XCTAssertTrue(lines.contains("demo|running"), "the demo ended before the walk did:\n\(demoLog.suffix(4000))")
    XCTAssertTrue(lines.contains("app|help-viewer-demo"), "the demo has a name (was Unnamed):\n\(result.output)")
    // Before GTK 4.14 the page is the text view: GTK labels, and no heading level over AT-SPI
    // (the in-process tests check it is set). From GTK 4.14 on it is WebKit's own tree, grafted
    // in: a document with levelled headings and paragraphs (AtSpiPageTests reads it closely).
    let ownTree = TextViewChoice.exposesPages(gtk: MainActor.assumeIsolated { ScreenReaderStatus.gtkVersion })
    let paragraph = ownTree ? "paragraph|" : "label|"
    func heading(_ name: String, level: Int) -> String { "heading|\(name)|" + (ownTree ? String(level) : "") }
    // at-spi2-core 2.56 (Debian 13) names the role "button", before "push button".
    func button(_ name: String) -> Bool { lines.contains("push button|\(name)|") || lines.contains("button|\(name)|") }
    // The help's page: its headings, links and text.
    XCTAssertTrue(lines.contains(heading("Notebook Help", level: 1)), result.output)
    XCTAssertTrue(lines.contains(heading("Contents", level: 2)), result.output)
    XCTAssertTrue(lines.contains { $0.hasPrefix("link|") }, result.output)
    XCTAssertTrue(lines.contains { $0.hasPrefix(paragraph) && $0.count > 60 }, "a paragraph:\n\(result.output)")
    XCTAssertEqual(ownTree, lines.contains { $0.hasPrefix("document web|Notebook Help|") }, result.output)
    // The terms, asked for on the first launch, in their dialog: read to the end, Accept.
    XCTAssertTrue(lines.contains("frame|Notebook Terms of Service|"), result.output)
    XCTAssertTrue(lines.contains(heading("Notebook Terms of Service", level: 1)), result.output)
    XCTAssertTrue(lines.contains { $0.hasPrefix("list item|") }, result.output)
    XCTAssertTrue(button("Accept"), result.output)
    XCTAssertTrue(button("Decline"), result.output)
    XCTAssertFalse(lines.contains { $0.contains("Retry Retry") || $0.contains("_Retry") }, result.output)
  }
}

/// Starts an X display and the accessibility bus in this D-Bus session, sets
/// `ScreenReaderEnabled`, runs the demo's help, and walks the tree; prints `SKIP reason` where
/// the bus cannot be started.
private let runScript = """
  set -u
  # An X display of its own: the launcher puts its address on the display's root window
  # (AT_SPI_BUS), where GTK programs started later on the tests' display would find it gone.
  # Xvfb picks a number no X server uses (-displayfd): `xvfb-run -a` only looks for lock files
  # in /tmp, and a server in another mount namespace (a chroot, a container) leaves none there;
  # then the demo met that server and "cannot open a display" (seen in a ten-run repeat).
  # -noreset: without it the server resets when its last client leaves, dropping the root
  # window's AT_SPI_BUS and refusing whoever connects meanwhile (the demo then "cannot open a
  # display": seen once in a ten-run repeat).
  Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -noreset 3>"$HV_DISPLAY_FILE" 2>/dev/null &
  xvfb=$!
  for attempt in $(seq 300); do
    [ -s "$HV_DISPLAY_FILE" ] || ! kill -0 $xvfb 2>/dev/null && break
    sleep 0.1
  done
  if ! [ -s "$HV_DISPLAY_FILE" ]; then echo "Xvfb gave no display"; kill $xvfb 2>/dev/null; exit 0; fi
  export DISPLAY=":$(head -n 1 "$HV_DISPLAY_FILE")"
  /usr/libexec/at-spi-bus-launcher --launch-immediately &
  launcher=$!
  # Asked for before this launcher owns its name, org.a11y.Bus would be started a second time by
  # D-Bus activation, on the display of the session's environment (the tests'), and one of the
  # two exits: wait for the name's owner without asking for it.
  ok=""
  for attempt in $(seq 100); do
    if gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \\
      --method org.freedesktop.DBus.NameHasOwner org.a11y.Bus 2>/dev/null | grep -q true \\
      && gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus \\
      --method org.a11y.Bus.GetAddress >/dev/null 2>&1; then ok=1; break; fi
    kill -0 $launcher 2>/dev/null || break
    sleep 0.1
  done
  # A launcher that exited is a failure (the walk then finds nothing); one that never answered,
  # a machine where the bus cannot start.
  if [ -z "$ok" ] && ! kill -0 $launcher 2>/dev/null; then echo "the bus launcher exited"; kill $xvfb; exit 0; fi
  if [ -z "$ok" ]; then echo "SKIP the accessibility bus cannot be started here"; kill $launcher $xvfb; exit 0; fi
  gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus \\
    --method org.freedesktop.DBus.Properties.Set org.a11y.Status ScreenReaderEnabled '<true>' >/dev/null \\
    || { echo "SKIP ScreenReaderEnabled cannot be set"; kill $launcher $xvfb; exit 0; }
  # The help in the main window: the terms dialog of the first launch would close a help dialog.
  # Its output is kept: when the walk finds nothing, what the demo said and whether it still
  # runs tell a slow start from a crash (seen once, in a ten-run repeat under load).
  "$HV_DEMO" --show help --embedded --in-memory >"$HV_DEMO_LOG" 2>&1 &
  demo=$!
  /usr/bin/python3 "$HV_WALKER" help-viewer-demo "Notebook Help" 90
  if kill -0 $demo 2>/dev/null; then echo "demo|running"; else wait $demo; echo "demo|exited $?"; fi
  kill $demo $launcher 2>/dev/null
  wait $demo 2>/dev/null
  kill $xvfb 2>/dev/null
  exit 0
  """

/// Walks the AT-SPI desktop until the app `argv[1]` shows a heading named `argv[2]`, and the
/// terms' Accept, heading and list (at most `argv[3]` seconds); prints `FOUND` and each node of
/// the app as `role|name|level` (the name, or the node's text when it has none: a paragraph of WebKit's).
private let atSpiWalker = """
  import sys, time
  try:
      import pyatspi
  except ImportError:
      print("SKIP python3-pyatspi is not installed")
      sys.exit(0)

  app_name, heading, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])

  \(atSpiTreeFunctions)

  started = time.time()
  deadline = started + seconds
  found, seen, apps = False, [], None
  while True:
      desktop = pyatspi.Registry.getDesktop(0)
      # The apps on the bus, each time they change: when the demo came, and under what name.
      names = [getattr(desktop.getChildAtIndex(index), "name", None) for index in range(desktop.childCount)]
      if names != apps:
          apps = names
          print("apps|%.1f s|%s" % (time.time() - started, apps))
      seen = []
      for index in range(desktop.childCount):
          app = desktop.getChildAtIndex(index)
          if app is not None and app.name == app_name:
              nodes(app, seen)
      names = set((role, name) for role, name, level in seen)
      accept = ("push button", "Accept") in names or ("button", "Accept") in names
      # The terms' Accept is there before their page is: wait for the page too (its heading and
      # list), or the walk reads a dialog without its text (seen once in a ten-run repeat); and
      # for its window's name, the page's title, which may come after the text (seen once in CI
      # on a loaded machine: the frame still "Terms of Service").
      terms = ("heading", "Notebook Terms of Service") in names and any(role == "list item" for role, name in names)
      terms = terms and ("frame", "Notebook Terms of Service") in names
      found = ("heading", heading) in names and accept and terms
      if found or time.time() > deadline:
          break
      time.sleep(0.25)
  if found:
      print("FOUND")
  print("app|" + app_name if seen else "no app named " + app_name)
  for role, name, level in seen:
      print("%s|%s|%s" % (role, name.replace("\\n", " "), level))
  """
