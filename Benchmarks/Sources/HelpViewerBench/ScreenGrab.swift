import Foundation
import HelpViewerCX11

/// Grabs the X display's whole root window and hashes its pixels: what is on the screen, as one
/// number, to tell when a program's window stopped changing. The grab goes through shared memory
/// (MIT-SHM, `XShmGetImage`) when the server offers it, else through the socket (`XGetImage`).
///
/// ```swift
/// let screen = try ScreenGrab()
/// let empty = screen.hash()   // before a program starts
/// ```
///
/// Use it from one thread at a time (Xlib's display connection is not locked).
final class ScreenGrab: @unchecked Sendable {
  private let display: OpaquePointer
  private let root: Window
  private let width: UInt32
  private let height: UInt32
  /// The shared-memory image `XShmGetImage` fills, and its segment; `nil` without MIT-SHM.
  private var shared: (image: UnsafeMutablePointer<XImage>, segment: UnsafeMutablePointer<XShmSegmentInfo>)?

  /// Opens `$DISPLAY`; throws when there is none.
  init() throws {
    guard let display = XOpenDisplay(nil) else { throw BenchError("cannot open the X display") }
    self.display = display
    let screen = XDefaultScreen(display)
    root = XRootWindow(display, screen)
    width = UInt32(XDisplayWidth(display, screen))
    height = UInt32(XDisplayHeight(display, screen))
    shared = Self.sharedImage(display, screen: screen, width: width, height: height)
  }

  deinit {
    if let shared {
      XShmDetach(display, shared.segment)
      shmdt(shared.image.pointee.data)
      Self.destroy(shared.image, segment: shared.segment)
    }
    XCloseDisplay(display)
  }

  /// Whether grabs go through shared memory.
  var usesSharedMemory: Bool { shared != nil }

  /// An image of the screen's size in a shared-memory segment the server has attached.
  private static func sharedImage(_ display: OpaquePointer, screen: Int32, width: UInt32, height: UInt32) -> (
    image: UnsafeMutablePointer<XImage>, segment: UnsafeMutablePointer<XShmSegmentInfo>
  )? {
    guard XShmQueryExtension(display) != 0 else { return nil }
    let segment = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
    segment.initialize(to: XShmSegmentInfo())
    guard
      let image = XShmCreateImage(
        display, XDefaultVisual(display, screen), UInt32(XDefaultDepth(display, screen)), ZPixmap, nil, segment, width,
        height)
    else {
      segment.deallocate()
      return nil
    }
    image.pointee.data = nil
    let size = Int(image.pointee.bytes_per_line) * Int(image.pointee.height)
    let id = shmget(IPC_PRIVATE, size, IPC_CREAT | 0o600)
    guard id >= 0, let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
      destroy(image, segment: segment)
      return nil
    }
    segment.pointee.shmid = id
    segment.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
    segment.pointee.readOnly = 0
    image.pointee.data = segment.pointee.shmaddr
    let attached = XShmAttach(display, segment) != 0
    XSync(display, 0)
    shmctl(id, IPC_RMID, nil)  // freed once both sides detach
    guard attached else {
      shmdt(address)
      destroy(image, segment: segment)
      return nil
    }
    return (image, segment)
  }

  /// Frees a shared-memory image whose segment is detached, and the segment's record (which
  /// `XDestroyImage` would free as the image's `obdata`).
  private static func destroy(_ image: UnsafeMutablePointer<XImage>, segment: UnsafeMutablePointer<XShmSegmentInfo>) {
    image.pointee.data = nil
    image.pointee.obdata = nil
    helpviewer_x11_destroy_image(image)
    segment.deallocate()
  }

  /// The FNV-1a hash (over 64-bit words) of the screen's pixels now; 0 when the grab failed.
  func hash() -> UInt64 {
    if let shared {
      guard XShmGetImage(display, root, shared.image, 0, 0, ~0) != 0 else { return 0 }
      return Self.hash(shared.image)
    }
    guard let image = XGetImage(display, root, 0, 0, width, height, ~0, ZPixmap) else { return 0 }
    defer { helpviewer_x11_destroy_image(image) }
    return Self.hash(image)
  }

  private static func hash(_ image: UnsafeMutablePointer<XImage>) -> UInt64 {
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

  /// The screen now as rows of red, green and blue bytes (`width` × `height` × 3), or `nil`
  /// when the grab failed or the screen is not 24-bit colour in 32-bit pixels.
  func rgb() -> (width: Int, height: Int, bytes: [UInt8])? {
    guard let image = XGetImage(display, root, 0, 0, width, height, ~0, ZPixmap) else { return nil }
    defer { helpviewer_x11_destroy_image(image) }
    guard let data = image.pointee.data, image.pointee.bits_per_pixel == 32 else { return nil }
    let stride = Int(image.pointee.bytes_per_line)
    let (width, height) = (Int(width), Int(height))
    var bytes = [UInt8](repeating: 0, count: width * height * 3)
    UnsafeRawPointer(data).withMemoryRebound(to: UInt8.self, capacity: stride * height) { pixels in
      for y in 0..<height {
        for x in 0..<width {
          let pixel = y * stride + x * 4  // B, G, R, unused (little-endian 24-bit depth)
          let out = (y * width + x) * 3
          bytes[out] = pixels[pixel + 2]
          bytes[out + 1] = pixels[pixel + 1]
          bytes[out + 2] = pixels[pixel]
        }
      }
    }
    return (width, height, bytes)
  }

  /// Writes the screen now as a binary PPM file (to check what a measurement saw).
  func save(to path: String) {
    guard let screen = rgb() else { return }
    FileManager.default.createFile(
      atPath: path, contents: Data("P6 \(screen.width) \(screen.height) 255\n".utf8) + Data(screen.bytes))
  }
}
