import Foundation

/// The pages that ship with HelpViewer: help pages and a terms page, readable offline.
///
/// This target's folder is the package's `Resources/`; SwiftPM copies `help/` and `terms/` into
/// the target's resource bundle.
public enum BundledContent {
  /// The folder holding `help/` and `terms/`, or `nil` when the resource bundle is missing.
  public static var directory: URL? { Bundle.module.resourceURL }

  /// The help start page.
  public static var helpIndex: URL? { file("help/index.html") }

  /// The terms of service.
  public static var terms: URL? { file("terms/terms.html") }

  /// A bundled file by its path below `Resources/`, when it exists.
  public static func file(_ relativePath: String) -> URL? {
    guard let url = directory?.appendingPathComponent(relativePath),
      FileManager.default.fileExists(atPath: url.path)
    else { return nil }
    return url
  }
}
