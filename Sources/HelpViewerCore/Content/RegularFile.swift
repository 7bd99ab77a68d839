import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a page's file only when it is a regular file, up to a size limit: a named pipe, a
/// device or a socket placed where a page should be would otherwise block the reader forever
/// (opening a pipe waits for a writer), and `/dev/zero` would never end. The checks are made on
/// the opened descriptor, never on the path before opening it, so a file swapped for a link
/// between a check and the read cannot slip through (`open(_:limit:inside:)`).
///
/// ```swift
/// let bytes = try RegularFile.read(pageURL, limit: 32 << 20)  // LoadError when not a plain file
/// let file = try RegularFile.open(pageURL, limit: 32 << 20, inside: [bookFolder.path])
/// ```
public enum RegularFile {
  /// The largest file the viewer serves (a page, a picture, a video): 256 MiB.
  public static let servedLimit = 256 << 20

  /// Why a file was not opened.
  public enum Problem: Error, Sendable, Equatable {
    /// Nothing is there.
    case missing
    /// A folder, pipe, socket or device.
    case notRegular
    /// Larger than `limit` bytes.
    case tooLarge(limit: Int)
    /// Where it really is (links followed) lies outside the folders allowed.
    case outside(realPath: String)
    /// It could not be opened or read (the system's reason).
    case unreadable(String)

    /// The text of a `LoadError`'s details.
    public var details: String {
      switch self {
      case .missing: "No such file."
      case .notRegular: "Not a regular file."
      case .tooLarge(let limit): "The file is larger than \(limit >> 20) MiB."
      case .outside: "The file lies outside the folders it may be read from."
      case .unreadable(let reason): "Cannot read the file: \(reason)."
      }
    }
  }

  /// A regular file open for reading; the descriptor is closed when this is freed, unless
  /// `takeDescriptor()` handed it over.
  public final class Opened: @unchecked Sendable {
    private var descriptor: Int32
    /// Its size when opened.
    public let size: Int
    /// Where it is, every link followed (the descriptor's own path).
    public let realPath: String
    private let limit: Int
    private var consumed = 0

    fileprivate init(descriptor: Int32, size: Int, realPath: String, limit: Int) {
      self.descriptor = descriptor
      self.size = size
      self.realPath = realPath
      self.limit = limit
    }

    /// Its bytes, at most the limit it was opened with (a file that grew past it fails).
    public func read() throws(Problem) -> Data {
      guard descriptor >= 0 else { throw .unreadable("already handed over") }
      var data = Data(count: min(size, limit) + 1)
      var total = 0
      while total < data.count {
        let count = data.withUnsafeMutableBytes { bytes in
          bytes.baseAddress.map { Glibc.read(descriptor, $0 + total, bytes.count - total) } ?? -1
        }
        if count < 0, errno == EINTR { continue }
        guard count >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        if count == 0 { break }
        total += count
        if total == data.count, total <= limit { data.count += 64 << 10 }  // It grew since fstat.
      }
      guard total <= limit else { throw .tooLarge(limit: limit) }
      data.count = total
      return data
    }

    /// Reads up to `count` bytes into `buffer`, and never past the limit it was opened with (a
    /// file that grew since stops there): the bytes read, 0 at the end, -1 on an error.
    public func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
      let wanted = min(count, limit - consumed)
      guard descriptor >= 0, wanted > 0 else { return descriptor >= 0 ? 0 : -1 }
      var result = Glibc.read(descriptor, buffer, wanted)
      while result < 0, errno == EINTR { result = Glibc.read(descriptor, buffer, wanted) }
      if result > 0 { consumed += result }
      return result
    }

    /// The descriptor, now the caller's to close (in blocking mode).
    public func takeDescriptor() -> Int32 {
      defer { descriptor = -1 }
      return descriptor
    }

    deinit { if descriptor >= 0 { close(descriptor) } }
  }

  /// Opens `file` when it is a regular file (after links) of at most `limit` bytes and, with
  /// `folders` (canonical paths), when its real path lies inside one of them; the checks are
  /// made on the opened descriptor.
  public static func open(_ file: URL, limit: Int, inside folders: [String]? = nil) throws(Problem) -> Opened {
    // O_NONBLOCK: opening a named pipe returns at once instead of waiting for a writer.
    let descriptor = Glibc.open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    guard descriptor >= 0 else {
      throw errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno)))
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .notRegular
    }
    let flags = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
    let realPath = path(of: descriptor) ?? ContentPath.canonicalPath(file.path)
    let opened = Opened(descriptor: descriptor, size: Int(status.st_size), realPath: realPath, limit: limit)
    if let folders, !folders.contains(where: { ContentPath.isInside(realPath, $0) }) {
      throw .outside(realPath: realPath)
    }
    guard opened.size <= limit else { throw .tooLarge(limit: limit) }
    return opened
  }

  /// The bytes of `file`. Throws `.cannotShowContent` when it is not a regular file (after
  /// symbolic links), cannot be opened, or is larger than `limit` bytes.
  public static func read(_ file: URL, limit: Int) throws(LoadError) -> Data {
    do throws(Problem) {
      return try open(file, limit: limit).read()
    } catch {
      throw LoadError(.cannotShowContent, url: file.path, details: error.details)
    }
  }

  /// The path the open `descriptor` names, as the kernel has it (`/proc/self/fd`).
  private static func path(of descriptor: Int32) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
    guard count > 0, buffer[0] == 0x2F else { return nil }  // "/": not "anon_inode:…"
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
