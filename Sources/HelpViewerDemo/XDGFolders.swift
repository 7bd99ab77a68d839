import Foundation

/// Notebook's own folders, as the XDG base directory specification places them: its notes in
/// `$XDG_DATA_HOME/notebook/` (default `~/.local/share/notebook/`), the terms receipt in
/// `$XDG_CONFIG_HOME/notebook/` (default `~/.config/notebook/`). A relative or empty variable
/// is ignored, as the specification asks.
///
/// ```swift
/// let folders = XDGFolders(environment: ["XDG_DATA_HOME": "/tmp/data"])
/// folders.notes          // /tmp/data/notebook/notes.json
/// folders.termsReceipt   // ~/.config/notebook/terms-receipt.json
/// ```
struct XDGFolders: Equatable {
  /// The folder name below the XDG data and config folders.
  static let appFolder = "notebook"

  var dataHome: URL
  var configHome: URL

  init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    func folder(_ variable: String, default path: String) -> URL {
      if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
      return URL(fileURLWithPath: home).appendingPathComponent(path)
    }
    dataHome = folder("XDG_DATA_HOME", default: ".local/share")
    configHome = folder("XDG_CONFIG_HOME", default: ".config")
  }

  /// The notes file: `$XDG_DATA_HOME/notebook/notes.json`.
  var notes: URL { dataHome.appendingPathComponent(Self.appFolder).appendingPathComponent("notes.json") }

  /// The terms receipt: `$XDG_CONFIG_HOME/notebook/terms-receipt.json`.
  var termsReceipt: URL {
    configHome.appendingPathComponent(Self.appFolder).appendingPathComponent("terms-receipt.json")
  }
}
