import Foundation
import HelpViewerCore

/// One folder of a help book's pages in one language, such as `de/` of a book or
/// `/usr/share/help/de/APP/` of an installed one.
///
/// ```swift
/// for folder in book.folders { print(folder.language, folder.url.path) }  // "de …/de", "C …/C"
/// ```
public struct HelpBookFolder: Sendable, Hashable {
  /// The language folder's name: `C` (the default), `de`, `pt_BR`, ….
  public let language: String
  /// The folder holding the pages.
  public let url: URL
  /// The folder nothing may leave, even through a symbolic link: the book's root for a book
  /// folder, the folder itself for an installed book.
  public let boundary: URL
  /// `url`'s path below `boundary`, percent-encoded, ending in `/` (empty when they are one).
  let prefix: String
  /// The extension of the pages' files: `html`, or `page` for a Mallard book.
  var pageExtension = "html"

  init(language: String, url: URL, boundary: URL) {
    self.language = language
    self.url = url.standardizedFileURL
    self.boundary = boundary.standardizedFileURL
    let inner = self.url.path.dropFirst(self.boundary.path.count).split(separator: "/")
    self.prefix = inner.map { Self.encode(String($0)) + "/" }.joined()
  }

  /// The file of page `id` in this folder: `.success`, a `.pageNotFound` `LoadError` when there is none,
  /// `.blockedByPolicy` when the file would lie outside `boundary`.
  func file(forPage id: String) -> Result<URL, LoadError> {
    ContentPath.resolve(prefix + Self.encode(id + "." + pageExtension), in: boundary)
  }

  /// The ids of the pages (`*.html` or `*.page` files) directly in this folder, sorted.
  func pageIDs() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    let suffix = "." + pageExtension
    return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") && $0.count > suffix.count }
      .map { String($0.dropLast(suffix.count)) }.sorted()
  }

  static func encode(_ segment: String) -> String {
    segment.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", "%"])) ?? segment
  }
}
