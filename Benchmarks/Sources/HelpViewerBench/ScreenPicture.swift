import Foundation
import HelpViewerCGtk

/// A picture of a program as people see it under a window manager, for the README: paints the
/// screen's background, launches the program, waits until the screen settles (optionally runs
/// a command, such as keys typed with `xdotool`, and waits again), saves the screen cropped to
/// what the program shows (with a margin) as a PNG, then ends the program.
///
/// ```sh
/// help-viewer-bench --picture docs/notebook-help.png -- .build/debug/help-viewer-demo --show help
/// help-viewer-bench --picture docs/context-help.png --then "xdotool key F1" -- .build/debug/help-viewer-demo
/// ```
///
/// `scripts/screenshots.sh` runs it on an Xvfb display of its own with metacity.
enum ScreenPicture {
  /// The room kept around what the program shows.
  static let margin = 24
  /// Beyond this the picture fails.
  static let timeoutSeconds = 60.0

  struct Options {
    var output = ""
    var then: String?
    /// The screen's background, `0xRRGGBB`.
    var background: UInt32 = 0xDEDDDA
    var program: [String] = []

    /// `--picture PATH [--then COMMAND] [--background RRGGBB] -- PROGRAM [ARGUMENTS…]`.
    init(parsing arguments: [String]) throws {
      guard let split = arguments.firstIndex(of: "--"), split + 1 < arguments.count else {
        throw BenchError("--picture PATH [--then COMMAND] [--background RRGGBB] -- PROGRAM [ARGUMENTS…]")
      }
      let options = Array(arguments[..<split])
      program = Array(arguments[(split + 1)...])
      output = value(of: "--picture", in: options) ?? ""
      then = value(of: "--then", in: options)
      if let text = value(of: "--background", in: options) {
        guard let color = UInt32(text, radix: 16) else { throw BenchError("--background takes RRGGBB, not \(text)") }
        background = color
      }
      guard !output.isEmpty else { throw BenchError("--picture needs a file name") }
    }
  }

  /// Makes the picture `options` describe; throws when the program never settles.
  static func run(_ options: Options) throws {
    let screen = try ScreenGrab()
    let emptyHash = screen.hash()
    guard let empty = screen.rgb() else { throw BenchError("cannot grab the screen (24-bit colour needed)") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: options.program[0])
    process.arguments = Array(options.program.dropFirst())
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    var settled = try settle(screen, after: emptyHash)
    if let command = options.then {
      let shell = Process()
      shell.executableURL = URL(fileURLWithPath: "/bin/sh")
      shell.arguments = ["-c", command]
      try shell.run()
      shell.waitUntilExit()
      settled = try settle(screen, after: settled)
    }
    guard let shown = screen.rgb() else { throw BenchError("cannot grab the screen") }
    let area = changedArea(from: empty, to: shown)
    try save(paint(crop(shown, to: area), where: crop(empty, to: area), options.background), to: options.output)
  }

  /// Waits until the screen differs from `before` and then stays the same for
  /// `ScreenWatch.settleSeconds` (settled, as for the launch timings); returns its hash.
  private static func settle(_ screen: ScreenGrab, after before: UInt64) throws -> UInt64 {
    let start = now()
    var last = before
    var changed = start
    while now() - start < timeoutSeconds * 1000 {
      Thread.sleep(forTimeInterval: 0.05)  // the grab's pace, not a synchronisation
      let hash = screen.hash()
      if hash != last {
        last = hash
        changed = now()
      } else if last != before, now() - changed >= ScreenWatch.settleSeconds * 1000 {
        return last
      }
    }
    throw BenchError("the screen did not settle in \(Int(timeoutSeconds)) s")
  }

  typealias Pixels = (width: Int, height: Int, bytes: [UInt8])

  /// The smallest rectangle holding every pixel that differs between `empty` and `shown`,
  /// grown by `margin` (within the screen): x, y, width, height.
  static func changedArea(from empty: Pixels, to shown: Pixels) -> (x: Int, y: Int, width: Int, height: Int) {
    var (left, top, right, bottom) = (shown.width, shown.height, -1, -1)
    for y in 0..<shown.height {
      for x in 0..<shown.width {
        let index = (y * shown.width + x) * 3
        guard empty.bytes[index..<index + 3] != shown.bytes[index..<index + 3] else { continue }
        left = min(left, x)
        right = max(right, x)
        top = min(top, y)
        bottom = max(bottom, y)
      }
    }
    guard right >= left else { return (0, 0, shown.width, shown.height) }
    let x = max(0, left - margin)
    let y = max(0, top - margin)
    return (x, y, min(shown.width, right + 1 + margin) - x, min(shown.height, bottom + 1 + margin) - y)
  }

  static func crop(_ pixels: Pixels, to area: (x: Int, y: Int, width: Int, height: Int)) -> Pixels {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(area.width * area.height * 3)
    for y in area.y..<area.y + area.height {
      let start = (y * pixels.width + area.x) * 3
      bytes += pixels.bytes[start..<start + area.width * 3]
    }
    return (area.width, area.height, bytes)
  }

  /// `pixels` with the empty screen around the windows (what is still as in `empty`, reached
  /// from the picture's edges: the margin, the rounded corners) painted `color`. A compositing
  /// window manager draws the screen black where no window is, whatever the root's background.
  static func paint(_ pixels: Pixels, where empty: Pixels, _ color: UInt32) -> Pixels {
    var result = pixels
    let rgb = [UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF)]
    var seen = [Bool](repeating: false, count: pixels.width * pixels.height)
    var queue: [Int] = []
    func visit(_ x: Int, _ y: Int) {
      guard x >= 0, y >= 0, x < pixels.width, y < pixels.height else { return }
      let point = y * pixels.width + x
      guard !seen[point], pixels.bytes[point * 3..<point * 3 + 3] == empty.bytes[point * 3..<point * 3 + 3] else {
        return
      }
      seen[point] = true
      queue.append(point)
    }
    for x in 0..<pixels.width {
      visit(x, 0)
      visit(x, pixels.height - 1)
    }
    for y in 0..<pixels.height {
      visit(0, y)
      visit(pixels.width - 1, y)
    }
    while let point = queue.popLast() {
      result.bytes.replaceSubrange(point * 3..<point * 3 + 3, with: rgb)
      let (x, y) = (point % pixels.width, point / pixels.width)
      visit(x - 1, y)
      visit(x + 1, y)
      visit(x, y - 1)
      visit(x, y + 1)
    }
    return result
  }

  /// Writes `pixels` as a PNG (GDK's encoder).
  static func save(_ pixels: Pixels, to path: String) throws {
    let bytes = pixels.bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(bytes) }
    guard
      let texture = gdk_memory_texture_new(
        Int32(pixels.width), Int32(pixels.height), GDK_MEMORY_R8G8B8, bytes, gsize(pixels.width * 3))
    else { throw BenchError("cannot make a texture of the screen") }
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    guard gdk_texture_save_to_png(texture, path) != 0 else { throw BenchError("cannot write \(path)") }
  }
}
