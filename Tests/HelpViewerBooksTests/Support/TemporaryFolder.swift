import Foundation

/// A folder under the temporary directory that a test fills with files and removes at the end.
///
/// ```swift
/// let folder = try TemporaryFolder()
/// defer { folder.remove() }
/// try folder.write("C/index.html", "<title>Help</title>")
/// ```
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("helpviewer-books-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `text` to `path` (relative, folders made as needed); returns the file.
  @discardableResult func write(_ path: String, _ text: String) throws -> URL {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }

  /// Makes a symbolic link at `path` pointing to `destination`.
  func link(_ path: String, to destination: String) throws {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: destination)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
