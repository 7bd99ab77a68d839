import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue

/// Serves the app's own pages under `help-viewer://NAME/PATH` with correct MIME types, from
/// the folders the app registers. HelpViewer ships no pages and registers no folder of its own.
/// Nothing outside a folder is ever served; a missing file, or a name no folder is registered
/// as, fails as "Page Not Found".
///
/// Find the folder as an installed app keeps it with `ResourceLocator`, register it, open it:
///
/// ```swift
/// let pages = try ResourceLocator("Notes_NotesHelp.resources", entry: "help/index.html").locate()
/// BundledScheme.register(folder: pages, as: "notes")
/// HelpDialog.present(BundledScheme.url("help/index.html", in: "notes"), over: window)
/// ```
@MainActor
public enum BundledScheme {
  private static var folders: [String: URL] = [:]

  /// Serves `folder` as `help-viewer://NAME/…` in every viewer of the process (`name` is a
  /// host name: letters, digits, `-`, `.`; case does not matter). Registering a name again
  /// replaces its folder.
  public static func register(folder: URL, as name: String) {
    HelpViewerEngine.integrateMainLoop()
    folders[name.lowercased()] = folder
    forgetBook(named: name.lowercased())
  }

  /// Stops serving the folder registered as `name` (a book now takes the name).
  static func unregisterFolder(named name: String) {
    folders[name] = nil
  }

  /// The address of `path` in the folder registered as `name`.
  public static func url(_ path: String, in name: String) -> URL {
    URL(string: BundledAddress.url(path, in: name)) ?? URL(fileURLWithPath: "/")
  }

  /// Answers one request (called by WebKit through the shared web context).
  static func serve(_ request: URISchemeRequest) {
    if serveBook(request) { return }
    let name = request.host.lowercased()
    guard let root = folders[name] else {
      let details = "No folder is registered as “\(name)” (BundledScheme.register(folder:as:))."
      fail(request, with: LoadError(.pageNotFound, details: details))
      return
    }
    switch ContentPath.resolve(request.path, in: root) {
    case .success(let file):
      serveFile(file, for: request)
    case .failure(let error):
      fail(request, with: error)
    }
  }

  /// Answers `request` with `file`'s bytes; a named pipe, device or oversized file is refused
  /// rather than read (`RegularFile`), so it never blocks the main thread.
  static func serveFile(_ file: URL, for request: URISchemeRequest) {
    do {
      let data = try RegularFile.read(file, limit: RegularFile.servedLimit)
      request.respond(data, contentType: MIMETypes.type(forPath: file.path))
    } catch {
      fail(
        request, with: LoadError(.cannotShowContent, details: "Cannot read \(request.path): \(error.details ?? "")."))
    }
  }
}
