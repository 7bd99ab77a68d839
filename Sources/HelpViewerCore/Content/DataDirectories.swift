import Foundation

/// The XDG base directories that hold installed data, in the order the XDG spec (and Yelp)
/// searches them: `$XDG_DATA_HOME` (default `~/.local/share`), then each of `$XDG_DATA_DIRS`
/// (default `/usr/local/share:/usr/share`). The one computation of them: help books
/// (`HelpBook.installed`) and `ResourceLocator` both use it.
///
/// Relative entries are ignored, as the spec asks; so is a user directory when neither
/// `XDG_DATA_HOME` nor `HOME` is set. An `XDG_DATA_DIRS` without one absolute entry counts as
/// unset (the defaults), so a broken variable never hides `/usr/share`.
///
/// ```swift
/// DataDirectories.list(environment: ["HOME": "/home/ann"])
/// // [/home/ann/.local/share, /usr/local/share, /usr/share]
/// ```
public enum DataDirectories {
  /// The data directories for `environment`, most important first, without duplicates.
  public static func list(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
    var paths: [String] = []
    if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") {
      paths.append(home)
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      paths.append(home + "/.local/share")
    }
    let system = (environment["XDG_DATA_DIRS"] ?? "").split(separator: ":").map(String.init).filter {
      $0.hasPrefix("/")
    }
    paths += system.isEmpty ? ["/usr/local/share", "/usr/share"] : system
    var seen = Set<String>()
    var result: [URL] = []
    for path in paths {
      let url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
      if seen.insert(url.path).inserted { result.append(url) }
    }
    return result
  }
}
