import Foundation

/// Addresses of bundled content, served by the viewer's own URI scheme.
///
/// `help-viewer://NAME/PATH` is file `PATH` in the folder the app registered as `NAME`
/// (`BundledScheme.register(folder:as:)`); the package registers none of its own.
///
/// ```swift
/// BundledAddress.url("help/index.html", in: "notes")  // "help-viewer://notes/help/index.html"
/// ```
public enum BundledAddress {
  /// The URI scheme of bundled content.
  public static let scheme = "help-viewer"

  /// The address of `path` in the folder registered as `folder`.
  public static func url(_ path: String, in folder: String) -> String {
    let trimmed = path.drop(while: { $0 == "/" })
    let encoded = trimmed.split(separator: "/", omittingEmptySubsequences: false).map {
      String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? String($0)
    }
    return "\(scheme)://\(folder)/\(encoded.joined(separator: "/"))"
  }
}
