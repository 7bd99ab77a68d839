import Foundation

/// Local folders and the `file:` addresses inside them: what keeps a `file:` page's
/// navigations to the folder of the page the host asked for.
///
/// Paths are compared after percent-decoding, `.`/`..` removal and symbolic-link resolution,
/// so `file:///help/../etc/hostname` and a link inside the folder that points out are outside.
///
/// ```swift
/// LocalFolder.folder(of: "file:///usr/share/help/index.html")               // "/usr/share/help"
/// LocalFolder.contains("/usr/share/help", "file:///usr/share/help/a/b.html")  // true
/// LocalFolder.contains("/usr/share/help", "file:///etc/hostname")             // false
/// ```
enum LocalFolder {
  /// The resolved path a local `file:` address names, or `nil` when `url` is not one (another
  /// scheme, another machine's host, a relative or unparsable path).
  static func path(of url: String) -> String? {
    filePath(of: url).flatMap(resolved)
  }

  /// The folder of the page at `url`: the address itself when it names a folder (ends in `/`),
  /// else the folder the page is in; `nil` when `url` is not a local `file:` address.
  static func folder(of url: String) -> String? {
    guard let path = filePath(of: url) else { return nil }
    // The page's own name is dropped before links are resolved: a page that is a link to a
    // file elsewhere still scopes to the folder it was asked for in.
    return resolved(path.hasSuffix("/") ? path : (path as NSString).deletingLastPathComponent)
  }

  /// Whether the local `file:` address `url` names `folder` (an absolute path) or something
  /// below it.
  static func contains(_ folder: String, _ url: String) -> Bool {
    guard let folder = resolved(folder), let path = path(of: url) else { return false }
    return ContentPath.isInside(path, folder)
  }

  /// The percent-decoded path of a local `file:` address, as written.
  private static func filePath(of url: String) -> String? {
    guard URLInput.scheme(of: url) == "file", let components = URLComponents(string: url) else { return nil }
    let host = components.host ?? ""
    guard host.isEmpty || host.lowercased() == "localhost" else { return nil }
    return components.path
  }

  /// `path` without `.`, `..` and symbolic links; `nil` unless it is absolute.
  private static func resolved(_ path: String) -> String? {
    guard path.hasPrefix("/"), !path.contains("\0") else { return nil }
    return ContentPath.canonicalPath(path)
  }
}
