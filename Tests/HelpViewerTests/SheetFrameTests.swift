import Foundation
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Under a real window manager (metacity, on a display of its own): the sheet lies within its
/// parent's frame when it opens, and still after a person makes the parent smaller (issue 20.2).
final class SheetFrameTests: GtkTestCase {
  func testUnderAWindowManagerTheSheetLiesWithinItsParent() throws {
    let test = "SheetFrameTests/testUnderAWindowManagerTheSheetLiesWithinItsParent"
    if !ChildTestRun.isChild(test) {
      try XCTSkipUnless(WindowManagerDisplay.isAvailable, "metacity, Xvfb or x11-utils is not installed (scripts/lib/setup.sh installs them)")
      return try onMain {
        let display = try WindowManagerDisplay()
        defer { display.stop() }
        waitUntil("metacity manages its display") { display.isManaging }
        try ChildTestRun.run(test, ["DISPLAY": display.name])
      }
    }
    try onMain {
      // An app's window, as the demo's: its size set before it is shown.
      let parent: UnsafeMutablePointer<GtkWindow> = gcast(gtk_window_new()!)
      defer { gtk_window_destroy(parent) }
      gtk_window_set_title(parent, "Framed host")
      gtk_window_set_default_size(parent, 760, 560)
      gtk_window_set_child(parent, gtk_label_new("host"))
      gtk_window_present(parent)
      // Help is asked for once the app's window is up (placed by the window manager).
      waitUntil("the parent placed") { Frame.of("Framed host")?.width == 760 }
      let dialog = HelpDialog.present(URL(string: "about:blank")!, title: "Framed sheet", over: parent)
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
      let id = try XCTUnwrap(frames?.parent.id)
      _ = try runProgram("/usr/bin/xdotool", ["windowsize", id, "500", "400"])
      waitUntil("the sheet follows, still within its parent") {
        frames = Frame.of("Framed host").flatMap { host in Frame.of("Framed sheet").map { (host, $0) } }
        guard let frames else { return false }
        return frames.sheet.width == 452 && frames.parent.contains(frames.sheet)
      }
    }
  }
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
