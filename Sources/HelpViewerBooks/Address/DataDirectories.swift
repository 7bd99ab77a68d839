import Foundation

/// The XDG base directories that hold installed data, in the order the XDG spec (and Yelp)
/// searches them: `$XDG_DATA_HOME` (default `~/.local/share`), then each of `$XDG_DATA_DIRS`
/// (default `/usr/local/share:/usr/share`).
///
/// Relative entries are ignored, as the spec asks; so is a user directory when neither
/// `XDG_DATA_HOME` nor `HOME` is set.
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
    let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
    paths += system.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
    var seen = Set<String>()
    var result: [URL] = []
    for path in paths {
      let url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
      if seen.insert(url.path).inserted { result.append(url) }
    }
    return result
  }
}
