import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a page's file only when it is a regular file, up to a size limit: a named pipe, a
/// device or a socket placed where a page should be would otherwise block the reader forever
/// (opening a pipe waits for a writer), and `/dev/zero` would never end.
///
/// ```swift
/// let bytes = try RegularFile.read(pageURL, limit: 32 << 20)  // LoadError when not a plain file
/// ```
public enum RegularFile {
  /// The largest file the viewer serves (a page, a picture, a video): 256 MiB.
  public static let servedLimit = 256 << 20

  /// The bytes of `file`. Throws `.cannotShowContent` when it is not a regular file (after
  /// symbolic links), cannot be opened, or is larger than `limit` bytes.
  public static func read(_ file: URL, limit: Int) throws(LoadError) -> Data {
    // O_NONBLOCK: opening a named pipe returns at once instead of waiting for a writer.
    let descriptor = open(file.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(file, "Cannot read the file: \(String(cString: strerror(errno))).") }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      throw failure(file, "Not a regular file.")
    }
    guard Int(status.st_size) <= limit else { throw failure(file, "The file is larger than \(limit >> 20) MiB.") }
    let data: Data
    do {
      data = try handle.read(upToCount: limit + 1) ?? Data()
    } catch {
      throw failure(file, "Cannot read the file: \(error.localizedDescription)")
    }
    guard data.count <= limit else { throw failure(file, "The file is larger than \(limit >> 20) MiB.") }
    return data
  }

  private static func failure(_ file: URL, _ details: String) -> LoadError {
    LoadError(.cannotShowContent, url: file.path, details: details)
  }
}
