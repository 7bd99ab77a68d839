import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Viewers draw without hardware acceleration unless a host asks
/// (`HelpViewerEngine.hardwareAcceleration`): their web process runs no compositor, whose GL
/// contexts held two thirds of a help page's web process (issue 21: 87 MiB of its own memory
/// under Xvfb with it, 29 without, and it grew with each dialog). Read from the web process's
/// threads in /proc (`Compositor`).
///
/// ```swift
/// XCTAssertFalse(Compositor.runs(in: process))
/// ```
final class HardwareAccelerationTests: GtkTestCase {
  func testAViewersWebProcessRunsNoCompositor() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Plain</title><p>hello"))
      defer { server.stop() }
      let shown = Self.showLoaded(server.url("/"))
      defer { gtk_window_destroy(shown.window) }
      XCTAssertEqual(shown.policy, WEBKIT_HARDWARE_ACCELERATION_POLICY_NEVER)
      XCTAssertEqual(shown.processes.count, 1, "the viewer's own web process")
      // A second page as well: no compositor starts with a later page either.
      let viewer = shown.viewer
      viewer.load(server.url("/?again"))
      waitUntil("the second page loaded") {
        viewer.state.phase == .loaded && viewer.state.url?.hasSuffix("again") == true
      }
      for process in shown.processes {
        XCTAssertFalse(Compositor.runs(in: process), "web process \(process) composites")
      }
    }
  }

  func testAHostCanTurnHardwareAccelerationOn() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Accelerated</title><p>hello"))
      defer { server.stop() }
      HelpViewerEngine.hardwareAcceleration = true  // The reset between tests turns it off.
      let shown = Self.showLoaded(server.url("/"))
      defer { gtk_window_destroy(shown.window) }
      XCTAssertEqual(shown.policy, WEBKIT_HARDWARE_ACCELERATION_POLICY_ALWAYS)
      XCTAssertEqual(shown.processes.count, 1, "the viewer's own web process")
      // What the other test checks is absent is here.
      let processes = shown.processes
      waitUntil("its web process composites") { processes.contains { Compositor.runs(in: $0) } }
    }
  }

  /// A new viewer showing `url` in a window of its own, once loaded: its web view's hardware
  /// acceleration policy, and the web processes started since it was made.
  @MainActor
  private static func showLoaded(_ url: URL) -> (
    viewer: LoadingWebView, window: UnsafeMutablePointer<GtkWindow>, policy: WebKitHardwareAccelerationPolicy,
    processes: Set<Int32>
  ) {
    let before = WebProcesses.running()
    let viewer = LoadingWebView(url: url)
    let window = showInWindow(viewer.gtkWidget)
    waitUntil("the page loaded") { viewer.state.phase == .loaded }
    let policy = webkit_settings_get_hardware_acceleration_policy(webkit_web_view_get_settings(viewer.webView))
    return (viewer, window, policy, WebProcesses.running().subtracting(before))
  }
}

/// Whether a web process composites its pages: WebKit's threaded compositor runs in its own
/// thread, named `ThreadedCompositor` (`eadedCompositor` once Linux cut it to 15 characters),
/// only in a web process with hardware acceleration, on a GPU or on Mesa's software GL alike.
enum Compositor {
  static func runs(in pid: Int32) -> Bool {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.contains { task in
      let name = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? ""
      return name.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("Compositor")
    }
  }
}
