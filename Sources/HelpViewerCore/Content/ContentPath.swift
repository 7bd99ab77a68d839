import Foundation

/// Maps a bundled-content address's path to a file inside its root folder, refusing anything
/// that would leave the folder: `..`, encoded traversal (`%2e%2e`, `%2f`), NUL bytes, and
/// symbolic links that point outside. A folder stands for its `index.html`, once: an
/// `index.html` that is itself a folder (a link back to its own folder or a parent) is a 404,
/// not a loop.
///
/// ```swift
/// ContentPath.resolve("/help/index.html", in: resources)   // .success(…/help/index.html)
/// ContentPath.resolve("/%2e%2e/etc/passwd", in: resources)  // .failure(kind: .blockedByPolicy)
/// ```
public enum ContentPath {
  /// The file for `path` (as it stands in the URL, percent-encoded) under `root`.
  public static func resolve(_ path: String, in root: URL) -> Result<URL, LoadError> {
    resolve(path, in: root, isFolderIndex: false)
  }

  /// `resolve(_:in:)`, where `isFolderIndex` says `path` is a folder's `index.html` already.
  private static func resolve(_ path: String, in root: URL, isFolderIndex: Bool) -> Result<URL, LoadError> {
    let refused = { (why: String) in
      Result<URL, LoadError>.failure(LoadError(.blockedByPolicy, url: path, details: why))
    }
    // Segments are split before decoding, so an encoded "/" or ".." cannot form a new segment.
    var segments: [String] = []
    for raw in path.split(separator: "/", omittingEmptySubsequences: true) {
      guard let segment = String(raw).removingPercentEncoding else { return refused("Bad percent-encoding.") }
      if segment == "." { continue }
      if segment == ".." || segment.contains("/") || segment.contains("\\") || segment.contains("\0") {
        return refused("The path leaves the content folder.")
      }
      segments.append(segment)
    }
    if segments.isEmpty { segments = ["index.html"] }
    let base = root.standardizedFileURL.resolvingSymlinksInPath()
    let file = segments.reduce(base) { $0.appendingPathComponent($1) }
    let real = file.resolvingSymlinksInPath()
    guard isInside(real.path, base.path) else {
      return refused("A link leads out of the content folder.")
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: real.path, isDirectory: &isDirectory) else {
      return .failure(LoadError(.pageNotFound, url: path, details: "No file \(path)."))
    }
    if isDirectory.boolValue {
      guard !isFolderIndex else {
        return .failure(
          LoadError(
            .pageNotFound, url: path, details: "\(path) is a folder, not a page (a link to its folder?).")
        )
      }
      return resolve(path + "/index.html", in: root, isFolderIndex: true)
    }
    return .success(real)
  }

  /// Whether `path` is `folder` or lies below it; both canonical (absolute, no `.`, `..` or
  /// links: `canonicalPath`). A plain comparison of paths, made once here for every check.
  public static func isInside(_ path: String, _ folder: String) -> Bool {
    path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
  }

  /// `path` absolute, without `.` and `..`, every link resolved.
  public static func canonicalPath(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
