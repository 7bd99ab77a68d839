import Foundation
import HelpViewerCore

/// One page of a help book, in the language it is shown in.
///
/// ```swift
/// let page = try book.page(id: "sync")
/// page.language                      // "C" when the German folder lacks it
/// page.url(section: "conflicts")     // file:///…/C/sync.html#conflicts
/// ```
public struct HelpBookPage: Sendable, Hashable {
  /// The page's id: its file name without `.html`.
  public let id: String
  /// The language folder it comes from (`C`, `de`, …).
  public let language: String
  /// The page's file (links resolved; always inside the book).
  public let fileURL: URL
  /// The folder it comes from.
  public let folder: HelpBookFolder

  /// The page's address, with `section` (an element id) as the fragment.
  public func url(section: String? = nil) -> URL {
    guard let section, !section.isEmpty else { return fileURL }
    var components = URLComponents(url: fileURL, resolvingAgainstBaseURL: false)
    components?.fragment = section
    return components?.url ?? fileURL
  }

  /// The page's text, title and sections, read from its file.
  public func text() throws(LoadError) -> PageText { try PageText(contentsOf: fileURL) }
}
