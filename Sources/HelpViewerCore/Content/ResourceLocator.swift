import Foundation

/// Finds a resource folder (such as the SwiftPM resource bundle `Notes_NotesHelp.resources`)
/// where a built or an installed app keeps it, and fails with a `LoadError` instead of trapping
/// as `Bundle.module` does on Linux.
///
/// It looks for the folder `name`, in this order:
/// 1. in `hostFolder`: a folder the app sets (by default `ResourceLocator.hostFolder`);
/// 2. next to the executable (`<exe dir>/NAME`: how SwiftPM builds it, and an app copied
///    with its resource bundles beside it);
/// 3. in the build folder the sources were built in (`<package>/.build/debug` or `release`);
/// 4. in `share/APP/` under the install prefix (`<exe dir>/../share/APP/NAME`);
/// 5. in the XDG data directories: `$XDG_DATA_HOME/APP/NAME` (default `~/.local/share`), then
///    each of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`).
///
/// `APP` is the executable's name unless given. A folder counts only when it holds `entry`
/// (when given), so an empty or half-copied folder does not hide a complete one further down.
///
/// ```swift
/// let locator = ResourceLocator("Notes_NotesHelp.resources", app: "notes", entry: "help/index.html")
/// let pages = try locator.locate()   // or a LoadError of kind .resourcesNotFound
/// ```
public struct ResourceLocator: Sendable, Equatable {
  /// The folder looked for, e.g. `Notes_NotesHelp.resources`.
  public var name: String
  /// The app's folder below `share/` and the XDG data directories.
  public var app: String
  /// A file or folder inside that a found folder must hold, e.g. `help/index.html`.
  public var entry: String?
  /// The folder the app set, searched first.
  public var hostFolder: URL?
  /// The executable's folder (symbolic links resolved).
  public var executableFolder: URL?
  /// The build folder of the package the sources were compiled in (`nil`: not searched).
  public var buildFolder: URL?
  /// The environment the XDG variables and `HOME` are read from.
  public var environment: [String: String]

  private static let sharedHostFolder = Locked<URL?>(nil)

  /// A folder the app sets (e.g. `/opt/notes/resources`) that every locator made afterwards,
  /// HelpViewer's own translations included, searches first.
  public static var hostFolder: URL? {
    get { sharedHostFolder.withLock { $0 } }
    set { sharedHostFolder.withLock { $0 = newValue } }
  }

  /// Looks for `name` (holding `entry`, when given) for the app `app`; `sourceFile` names the
  /// build folder: leave it as it is, so it is the calling source file's.
  public init(_ name: String, app: String? = nil, entry: String? = nil, sourceFile: String = #filePath) {
    let executable = Bundle.main.executableURL?.resolvingSymlinksInPath()
    self.name = name
    self.app = app ?? executable?.lastPathComponent ?? ProcessInfo.processInfo.processName
    self.entry = entry
    self.hostFolder = Self.hostFolder
    self.executableFolder = executable?.deletingLastPathComponent()
    self.buildFolder = Self.buildFolder(forSource: sourceFile)
    self.environment = ProcessInfo.processInfo.environment
  }

  /// Every place looked in, best first (whether it exists or not).
  public var candidates: [URL] {
    var bases: [URL] = []
    if let hostFolder { bases.append(hostFolder) }
    if let executableFolder { bases.append(executableFolder) }
    if let buildFolder { bases.append(buildFolder) }
    if let executableFolder {
      bases.append(executableFolder.deletingLastPathComponent().appendingPathComponent("share/\(app)"))
    }
    bases += dataDirectories.map { $0.appendingPathComponent(app) }
    var seen = Set<String>()
    return bases.map { $0.appendingPathComponent(name).standardizedFileURL }.filter { seen.insert($0.path).inserted }
  }

  /// The first candidate that is a folder (holding `entry`), or a `.resourcesNotFound` error
  /// that lists where it looked.
  public func locate() throws(LoadError) -> URL {
    for candidate in candidates where isComplete(candidate) {
      return candidate
    }
    let what = entry.map { "\(name) (with \($0))" } ?? name
    let places = candidates.map(\.path).joined(separator: ", ")
    throw LoadError(.resourcesNotFound, details: "\(what) was not found in: \(places)")
  }

  /// `$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`, of `environment` (see `DataDirectories`).
  var dataDirectories: [URL] { DataDirectories.list(environment: environment) }

  private func isComplete(_ folder: URL) -> Bool {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
    else { return false }
    guard let entry else { return true }
    return FileManager.default.fileExists(atPath: folder.appendingPathComponent(entry).path)
  }

  /// SwiftPM's default build folder (`.build/debug` or `.build/release`, as this code was
  /// built) of the package holding `sourceFile`; for a dependency checked out in a host's
  /// `.build/checkouts/`, the host's. `nil` when no `Package.swift` is found above it.
  static func buildFolder(forSource sourceFile: String) -> URL? {
    #if DEBUG
      let configuration = "debug"
    #else
      let configuration = "release"
    #endif
    var folder = URL(fileURLWithPath: sourceFile).deletingLastPathComponent()
    if let checkouts = folder.path.range(of: "/.build/checkouts/") {
      return URL(fileURLWithPath: String(folder.path[..<checkouts.lowerBound]) + "/.build/" + configuration)
    }
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
        return folder.appendingPathComponent(".build/" + configuration)
      }
      folder.deleteLastPathComponent()
    }
    return nil
  }
}
