import Foundation
import HelpViewerGlue
import XCTest

/// Outside links open with the display's app launch context: the app started gets a startup
/// notification id (X11) and so the focus. A real launch through GIO: a handler for a scheme of
/// the test's own, found in XDG folders set up for a child process (GIO reads them once).
final class ExternalLauncherTests: GtkTestCase {
  private static let name = "ExternalLauncherTests/testLaunchCarriesTheDisplaysStartupNotification"

  func testLaunchCarriesTheDisplaysStartupNotification() throws {
    guard ChildTestRun.isChild(Self.name) else {
      return try onMain {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hv-launch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.installHandler(in: root)
        try ChildTestRun.run(
          Self.name,
          [
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path, "HV_LAUNCH_ROOT": root.path,
          ])
      }
    }
    try onMain {
      let root = URL(fileURLWithPath: try XCTUnwrap(ProcessInfo.processInfo.environment["HV_LAUNCH_ROOT"]))
      let record = root.appendingPathComponent("opened")
      ExternalLauncher.open("x-helpviewer-test:hello?to=you")
      waitUntil("the handler ran") { FileManager.default.fileExists(atPath: record.path) }
      let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n").map(String.init)
      XCTAssertEqual(lines.first, "x-helpviewer-test:hello?to=you")
      let startupID = try XCTUnwrap(lines.dropFirst().first)
      XCTAssertNotEqual(startupID, "none", "launched without the display's launch context")
      XCTAssertTrue(startupID.contains("_TIME"), "an X11 startup notification id: \(startupID)")
    }
  }

  /// A desktop entry handling `x-helpviewer-test:` that writes the address and its
  /// `DESKTOP_STARTUP_ID` to `root/opened`, and the default-application entry choosing it.
  private static func installHandler(in root: URL) throws {
    let applications = root.appendingPathComponent("data/applications")
    let config = root.appendingPathComponent("config")
    for folder in [applications, config] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let script = root.appendingPathComponent("handler.sh")
    try """
    #!/bin/sh
    printf '%s\\n%s\\n' "$1" "${DESKTOP_STARTUP_ID:-none}" > "\(root.path)/opened.part"
    mv "\(root.path)/opened.part" "\(root.path)/opened"
    """.write(to: script, atomically: true, encoding: .utf8)
    try """
    [Desktop Entry]
    Type=Application
    Name=HelpViewer test handler
    Exec=/bin/sh \(script.path) %u
    MimeType=x-scheme-handler/x-helpviewer-test;
    StartupNotify=true
    NoDisplay=true
    """.write(to: applications.appendingPathComponent("hv-test-handler.desktop"), atomically: true, encoding: .utf8)
    try """
    [Default Applications]
    x-scheme-handler/x-helpviewer-test=hv-test-handler.desktop
    """.write(to: config.appendingPathComponent("mimeapps.list"), atomically: true, encoding: .utf8)
  }
}
