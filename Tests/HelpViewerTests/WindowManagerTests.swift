import Foundation
import HelpViewerBooks
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Under a real window manager (metacity, on a display of its own), as people see dialogs: the
/// sheet lies within its parent's frame when it opens and after the parent shrinks (issue
/// 20.2), and its page keeps the keyboard focus when the window manager activates the window.
/// Each test runs in a child process on that display (`runUnderWindowManager`).
final class WindowManagerTests: GtkTestCase {
  func testUnderAWindowManagerTheSheetLiesWithinItsParent() throws {
    guard try runsHere("testUnderAWindowManagerTheSheetLiesWithinItsParent") else { return }
    try onMain {
      let parent = framedHost()
      defer { gtk_window_destroy(parent) }
      let dialog = HelpDialog.present(try titledPage("Framed sheet"), title: "Framed sheet", over: parent)
      defer { dialog.close() }
      var frames: (parent: Frame, sheet: Frame)?
      waitUntil("both windows placed, the sheet within its parent") {
        frames = Frame.of("Framed host").flatMap { host in Frame.of("Framed sheet").map { (host, $0) } }
        guard let frames else { return false }
        return frames.sheet.width == 712 && frames.parent.contains(frames.sheet)
      }
      // Centred over it (metacity does not attach dialogs as GNOME Shell does).
      let placed = try XCTUnwrap(frames)
      XCTAssertEqual(
        Double(placed.sheet.x) + Double(placed.sheet.width) / 2,
        Double(placed.parent.x) + Double(placed.parent.width) / 2,
        accuracy: 2, "\(placed)")
      // A person drags the parent's corner: the window manager resizes it.
      _ = try runProgram("/usr/bin/xdotool", ["windowsize", placed.parent.id, "500", "400"])
      waitUntil("the sheet follows, still within its parent") {
        frames = Frame.of("Framed host").flatMap { host in Frame.of("Framed sheet").map { (host, $0) } }
        guard let frames else { return false }
        return frames.sheet.width == 452 && frames.parent.contains(frames.sheet)
      }
    }
  }

  /// Issue 30.6: the parent made large, then small; the window manager moves it to keep it on
  /// screen. The sheet follows its position, not only its size: it stays within the parent.
  func testUnderAWindowManagerTheSheetFollowsItsParentsPosition() throws {
    guard try runsHere("testUnderAWindowManagerTheSheetFollowsItsParentsPosition") else { return }
    try onMain {
      let parent = framedHost()
      defer { gtk_window_destroy(parent) }
      let dialog = HelpDialog.present(try titledPage("Moving sheet"), title: "Moving sheet", over: parent)
      defer { dialog.close() }
      var frames: (parent: Frame, sheet: Frame)?
      @MainActor func placed() -> Bool {
        frames = Frame.of("Framed host").flatMap { host in Frame.of("Moving sheet").map { (host, $0) } }
        guard let frames else { return false }
        return frames.parent.contains(frames.sheet)
      }
      waitUntil("the sheet within its parent") { placed() }
      let host = try XCTUnwrap(frames).parent
      for (width, height) in [(1200, 900), (560, 420)] {
        _ = try runProgram("/usr/bin/xdotool", ["windowsize", host.id, String(width), String(height)])
        waitUntil("the parent at \(width)×\(height)") {
          _ = placed()
          return frames.map { $0.parent.width == width } ?? false
        }
        waitUntil("the sheet back within its parent at \(width)×\(height): \(String(describing: frames))") { placed() }
      }
    }
  }

  /// A book's dialog lays its window out again (search bar, note, page) after it was
  /// presented: the page lost the keyboard focus, and when the window manager activated the
  /// window GTK gave it to the first header button. A person's End key then scrolled nothing.
  func testUnderAWindowManagerThePageKeepsTheKeyboardFocus() throws {
    guard try runsHere("testUnderAWindowManagerThePageKeepsTheKeyboardFocus") else { return }
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      let parent = framedHost()
      defer { gtk_window_destroy(parent) }
      // As an app shows its help book: a dialog with every control, then one of its pages.
      let dialog = HelpDialog(title: "Focus sheet", over: parent, controls: .all)
      defer { dialog.close() }
      dialog.present()
      dialog.show(topic: "sync", in: book)  // a page taller than the sheet
      waitUntil("the sheet active, its page loaded") {
        gtk_window_is_active(dialog.gtkWindow) != 0 && dialog.viewer.state.phase == .loaded
      }
      XCTAssertTrue(dialog.viewer.ownsFocus, "the page has the focus once the sheet is active")
      // A person presses End (a real key, to the window the window manager focused).
      _ = try runProgram("/usr/bin/xdotool", ["key", "End"])
      waitUntil("the page scrolled to its end") {
        (evaluate("window.scrollY", in: dialog.viewer.webView).flatMap(Double.init) ?? 0) > 0
      }
    }
  }

  /// A closed book dialog's window serves the next book dialog (issue 21): its page has the
  /// keyboard focus once the window manager activates the window again, though the closed
  /// dialog's focus was in the search entry that left the window with it.
  func testUnderAWindowManagerTheNextBookDialogInAKeptWindowHasItsPageFocused() throws {
    guard try runsHere("testUnderAWindowManagerTheNextBookDialogInAKeptWindowHasItsPageFocused") else { return }
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let book = try HelpBook(folder: folder, languages: ["C"])
      let parent = framedHost()
      defer { gtk_window_destroy(parent) }
      let first = HelpDialog.present(book: book, title: "First sheet", over: parent, controls: .all)
      waitUntil("the first sheet active, its index loaded") {
        gtk_window_is_active(first.gtkWindow) != 0 && first.viewer.state.phase == .loaded
      }
      XCTAssertTrue(first.openSearch("sync"))
      waitUntil("the results, the focus in the entry") {
        first.viewer.state.url?.contains("/.search?q=sync") == true && first.viewer.state.phase == .loaded
          && !first.viewer.ownsFocus
      }
      let window = first.gtkWindow
      first.close()
      waitUntil("the window kept, ready") { ViewPool.hasReadyShell }
      let second = HelpDialog(title: "Second sheet", over: parent, controls: .all)
      defer { second.close() }
      XCTAssertEqual(second.gtkWindow, window, "the kept window")
      second.present()
      second.show(topic: "sync", in: book)
      waitUntil("the kept sheet active again, its page loaded") {
        gtk_window_is_active(second.gtkWindow) != 0 && second.viewer.state.phase == .loaded
      }
      XCTAssertTrue(second.viewer.ownsFocus, "the page has the focus once the sheet is active")
      _ = try runProgram("/usr/bin/xdotool", ["key", "End"])
      Self.waitUntilScrolled(second)
    }
  }

  /// Waits until End scrolled `dialog`'s page; a failure says where the focus and the page
  /// were (End once did not scroll in 15 s, under AddressSanitizer on a loaded machine, with the
  /// sheet active and its page focused before the key).
  @MainActor private static func waitUntilScrolled(
    _ dialog: HelpDialog, file: StaticString = #filePath, line: UInt = #line
  ) {
    let scrollY = { evaluate("window.scrollY", in: dialog.viewer.webView).flatMap(Double.init) ?? 0 }
    if MainLoop.spin(until: { scrollY() > 0 }, timeout: 15) { return }
    let page = evaluate(
      "[location.href, document.hasFocus(), document.activeElement?.tagName, document.scrollingElement.scrollHeight,"
        + " innerHeight].join(' ')", in: dialog.viewer.webView)
    XCTFail(
      "End did not scroll the page in 15 s: window active \(gtk_window_is_active(dialog.gtkWindow) != 0),"
        + " page focused \(dialog.viewer.ownsFocus); the page's address, focus, active element, height and"
        + " view height: \(page ?? "?")", file: file, line: line)
  }

  /// Whether the test named `name` runs in this process: in the child on the window manager's
  /// display, yes; here, it runs that child (and fails with it) and returns `false`.
  private func runsHere(_ name: String) throws -> Bool {
    let test = "WindowManagerTests/\(name)"
    if ChildTestRun.isChild(test) { return true }
    try XCTSkipUnless(
      WindowManagerDisplay.isAvailable,
      "metacity, Xvfb or x11-utils is not installed (scripts/lib/setup.sh installs them)")
    try onMain {
      let display = try WindowManagerDisplay()
      defer { display.stop() }
      guard display.waitUntilManaging() else { return }
      try ChildTestRun.run(test, ["DISPLAY": display.name])
    }
    return false
  }
}

/// A local page titled `title` (the window takes the page's title, or an error's).
private func titledPage(_ title: String) throws -> URL {
  let file = FileManager.default.temporaryDirectory.appendingPathComponent("hv-wm-\(UUID().uuidString).html")
  try Data(TestBook.page(title, "<p>\(title)</p>").utf8).write(to: file)
  return file
}

/// An app's window, as the demo's (its size set before it is shown), once the window manager
/// placed it: help is asked for once the app is up.
@MainActor
private func framedHost() -> UnsafeMutablePointer<GtkWindow> {
  let parent: UnsafeMutablePointer<GtkWindow> = gcast(gtk_window_new()!)
  gtk_window_set_title(parent, "Framed host")
  gtk_window_set_default_size(parent, 760, 560)
  gtk_window_set_child(parent, gtk_label_new("host"))
  gtk_window_present(parent)
  waitUntil("the parent placed") { Frame.of("Framed host")?.width == 760 }
  return parent
}

/// A shown window's place on the screen, as the X server has it (`xwininfo`'s absolute
/// position: `xdotool getwindowgeometry` misplaces a window inside a window manager's frame),
/// with the window manager's title bar and borders, less the shadows of a window that draws its
/// own decorations.
private struct Frame {
  var id: String
  var x = 0
  var y = 0
  var width = 0
  var height = 0

  /// The visible window titled `title`, if there is one.
  @MainActor
  static func of(_ title: String) -> Frame? {
    guard let search = try? runProgram("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^\(title)$"]),
      let id = search.output.split(separator: "\n").last.map(String.init),
      let info = try? runProgram("/usr/bin/xwininfo", ["-id", id])
    else { return nil }
    var frame = Frame(id: id)
    for line in info.output.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, let value = Int(parts[1].trimmingCharacters(in: .whitespaces)) else { continue }
      switch parts[0].trimmingCharacters(in: .whitespaces) {
      case "Absolute upper-left X": frame.x = value
      case "Absolute upper-left Y": frame.y = value
      case "Width": frame.width = value
      case "Height": frame.height = value
      default: break
      }
    }
    // A window that draws its own decorations (the sheet's header bar) under a compositing
    // window manager has shadows around them: what shows is inside its _GTK_FRAME_EXTENTS. A
    // window the manager decorates shows its title bar and borders around it: _NET_FRAME_EXTENTS.
    if let inner = extents(of: id, "_GTK_FRAME_EXTENTS") {
      frame.x += inner.left
      frame.y += inner.top
      frame.width -= inner.left + inner.right
      frame.height -= inner.top + inner.bottom
    }
    if let outer = extents(of: id, "_NET_FRAME_EXTENTS") {
      frame.x -= outer.left
      frame.y -= outer.top
      frame.width += outer.left + outer.right
      frame.height += outer.top + outer.bottom
    }
    return frame.width > 0 ? frame : nil
  }

  /// A window property of four cardinals: left, right, top, bottom.
  @MainActor
  private static func extents(of id: String, _ property: String) -> (left: Int, right: Int, top: Int, bottom: Int)? {
    guard let result = try? runProgram("/usr/bin/xprop", ["-id", id, property]),
      let list = result.output.split(separator: "=").last
    else { return nil }
    let values = list.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    return values.count == 4 ? (values[0], values[1], values[2], values[3]) : nil
  }

  func contains(_ other: Frame) -> Bool {
    other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
  }
}
