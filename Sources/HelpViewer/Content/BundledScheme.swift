import HelpViewerCGtk
import HelpViewerCWebKit
import Foundation
import HelpViewerContent
import HelpViewerCore
import HelpViewerGlue

/// Serves bundled pages under `help-viewer://FOLDER/PATH` with correct MIME types, from the
/// package's `Resources/` (`bundle`) and any folder a host names; nothing outside a folder is
/// ever served, and a missing file is a 404-style error.
///
/// ```swift
/// BundledScheme.register(folder: URL(fileURLWithPath: "/usr/share/notebook/help"), as: "notebook")
/// HelpDialog.present(BundledScheme.url("index.html", in: "notebook"), over: window)
/// ```
@MainActor
public enum BundledScheme {
  private static var folders: [String: URL] = [:]

  /// Serves `folder` as `help-viewer://NAME/…` in every viewer of the process.
  public static func register(folder: URL, as name: String) {
    folders[name.lowercased()] = folder
  }

  /// The address of `path` in the folder registered as `name` (`bundle`: the package's pages).
  public static func url(_ path: String, in name: String = BundledAddress.defaultFolder) -> URL {
    URL(string: BundledAddress.url(path, in: name)) ?? URL(fileURLWithPath: "/")
  }

  /// Answers one request (called by WebKit through the shared web context).
  static func serve(_ request: URISchemeRequest) {
    let name = request.host.lowercased()
    let root = folders[name] ?? (name == BundledAddress.defaultFolder ? BundledContent.directory : nil)
    guard let root else {
      request.fail(G_IO_ERROR_NOT_FOUND, "No bundled folder named “\(name)”.")
      return
    }
    switch ContentPath.resolve(request.path, in: root) {
    case .success(let file):
      guard let data = FileManager.default.contents(atPath: file.path) else {
        request.fail(G_IO_ERROR_NOT_FOUND, "Cannot read \(request.path).")
        return
      }
      request.respond(data, contentType: MIMETypes.type(forPath: file.path))
    case .failure(let error) where error.kind == .httpError:
      request.fail(G_IO_ERROR_NOT_FOUND, error.details ?? "Not found.")
    case .failure(let error):
      request.fail(G_IO_ERROR_PERMISSION_DENIED, error.details ?? "Refused.")
    }
  }
}
