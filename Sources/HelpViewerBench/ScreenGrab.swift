import Foundation
import HelpViewerCX11

/// Grabs the X display's whole root window (`XGetImage`) and hashes its pixels: what is on
/// the screen, as one number, to tell when a program's window stopped changing.
///
/// ```swift
/// let screen = try ScreenGrab()
/// let empty = screen.hash()   // before a program starts
/// ```
final class ScreenGrab {
  private let display: OpaquePointer
  private let root: Window
  private let width: UInt32
  private let height: UInt32

  /// Opens `$DISPLAY`; throws when there is none.
  init() throws {
    guard let display = XOpenDisplay(nil) else { throw BenchError("cannot open the X display") }
    self.display = display
    let screen = XDefaultScreen(display)
    root = XRootWindow(display, screen)
    width = UInt32(XDisplayWidth(display, screen))
    height = UInt32(XDisplayHeight(display, screen))
  }

  deinit { XCloseDisplay(display) }

  /// The FNV-1a hash (over 64-bit words) of the screen's pixels now; 0 when the grab failed.
  func hash() -> UInt64 {
    guard let image = XGetImage(display, root, 0, 0, width, height, ~0, ZPixmap) else { return 0 }
    defer { helpviewer_x11_destroy_image(image) }
    guard let data = image.pointee.data else { return 0 }
    let bytes = Int(image.pointee.bytes_per_line) * Int(image.pointee.height)
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let words = bytes / 8
    UnsafeRawPointer(data).withMemoryRebound(to: UInt64.self, capacity: words) { pointer in
      for index in 0..<words {
        hash = (hash ^ pointer[index]) &* 0x100_0000_01b3
      }
    }
    return hash
  }

  /// Writes the screen now as a binary PPM file (to check what a measurement saw).
  func save(to path: String) {
    guard let image = XGetImage(display, root, 0, 0, width, height, ~0, ZPixmap) else { return }
    defer { helpviewer_x11_destroy_image(image) }
    guard let data = image.pointee.data, image.pointee.bits_per_pixel == 32 else { return }
    let stride = Int(image.pointee.bytes_per_line)
    var bytes = Data("P6 \(width) \(height) 255\n".utf8)
    bytes.reserveCapacity(bytes.count + Int(width * height) * 3)
    UnsafeRawPointer(data).withMemoryRebound(to: UInt8.self, capacity: stride * Int(height)) { pixels in
      for y in 0..<Int(height) {
        for x in 0..<Int(width) {
          let pixel = y * stride + x * 4  // B, G, R, unused (little-endian 24-bit depth)
          bytes.append(contentsOf: [pixels[pixel + 2], pixels[pixel + 1], pixels[pixel]])
        }
      }
    }
    FileManager.default.createFile(atPath: path, contents: bytes)
  }
}
