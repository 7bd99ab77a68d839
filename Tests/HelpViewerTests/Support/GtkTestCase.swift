import Foundation
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Base for tests that touch GTK or WebKit: XCTest runs them on the main thread, which is the
/// thread GTK is initialised on; each test body runs isolated to the main actor.
///
/// Every test starts from the same process-wide state, whatever the tests before it did or left
/// open: `resetSharedState()`.
class GtkTestCase: XCTestCase {
  nonisolated(unsafe) private static var gtkReady = false

  override func setUp() {
    super.setUp()
    MainActor.assumeIsolated {
      if !Self.gtkReady {
        Self.gtkReady = gtk_init_check() != 0
        MainLoop.integrateDispatch()
        if Self.gtkReady, ProcessInfo.processInfo.environment["HV_LEAK_LOG"] != nil { LiveWebViews.install() }
      }
    }
    continueAfterFailure = false
    XCTAssertTrue(Self.gtkReady, "No display: run the tests under Xvfb (scripts/test.sh does).")
    MainActor.assumeIsolated { resetSharedState() }
  }

  /// With `HV_LEAK_LOG=FILE`, notes in FILE each test that leaves a web view alive once reset
  /// (its viewers, dialogs and spares gone): how issue 21's leftovers were found. The views
  /// are noted by the tests themselves (`LiveWebViews`), not by the library.
  override func tearDown() {
    if Self.gtkReady, let path = ProcessInfo.processInfo.environment["HV_LEAK_LOG"] {
      let name = self.name
      MainActor.assumeIsolated {
        resetSharedState()
        guard !MainLoop.spin(until: { LiveWebViews.addresses.isEmpty }, timeout: 3) else { return }
        let line = "\(name): \(LiveWebViews.addresses)\n"
        if let handle = FileHandle(forWritingAtPath: path)
          ?? (FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil)
        {
          handle.seekToEndOfFile()
          handle.write(Data(line.utf8))
          handle.closeFile()
        }
      }
    }
    super.tearDown()
  }

  /// Runs `body` on the main actor (the test already runs on the main thread).
  func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
  }
}

/// What one test may leave behind for the next, put back: the windows it left open (a dialog
/// never closed, a kept dialog window), the engine (spare views, preloads, limits, the
/// certificates a viewer trusted), the light theme, and English (the language every English
/// text a test asserts on needs, whatever `LANG` or `LANGUAGE` say).
@MainActor
func resetSharedState() {
  HelpViewerEngine.reset()
  // Referenced first: destroying a parent also destroys the windows it holds.
  var windows: [UnsafeMutableRawPointer] = []
  let toplevels = gtk_window_list_toplevels()
  var node = toplevels
  while let current = node {
    if let window = current.pointee.data { windows.append(g_object_ref(window)) }
    node = current.pointee.next
  }
  g_list_free(toplevels)
  for window in windows {
    gtk_window_destroy(window.assumingMemoryBound(to: GtkWindow.self))
    g_object_unref(window)
  }
  DarkPreference.isPreferred = false
  // Let GTK finish with the windows destroyed (here, or by the test before, which may have
  // destroyed one in the very turn it presented it) before the next test makes its own. Without
  // this, GlueActionTests' window, then a dialog closed while it mapped, crashed the test after
  // them in a GTK signal handler handed a freed GtkWindow.
  while g_main_context_iteration(nil, 0) != 0 {}
  Localization.setLanguages([])
}

/// Spins the GLib main loop until `condition` holds; fails the test after `timeout` seconds.
@MainActor
func waitUntil(
  _ what: String, timeout: Double = 15, file: StaticString = #filePath, line: UInt = #line,
  _ condition: () -> Bool
) {
  if !MainLoop.spin(until: condition, timeout: timeout) {
    XCTFail("Timed out after \(timeout) s waiting until \(what)", file: file, line: line)
  }
}
