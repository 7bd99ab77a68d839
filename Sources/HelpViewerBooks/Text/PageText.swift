import Foundation
import HelpViewerCore

/// The searchable text of one HTML page: its title and its sections, split at its headings.
///
/// Made by libxml2's HTML parser (see `PageTextExtractor`), so broken HTML is read as a browser
/// would, and nothing of the page runs: scripts, styles and navigation chrome are left out.
///
/// ```swift
/// let text = PageText(html: Array("<title>Sync</title><h2 id='conflicts'>Conflicts</h2><p>…".utf8))
/// text.title                  // "Sync"
/// text.sections[0].id         // "conflicts"
/// ```
public struct PageText: Sendable, Hashable {
  /// A heading and the text after it, up to the next heading (`h1`–`h6`).
  public struct Section: Sendable, Hashable {
    /// The nearest element id: the heading's, one inside it, or an anchor just before it;
    /// `nil` for text before the first heading or a heading without one.
    public var id: String?
    /// The heading's text; empty for the text before the first heading.
    public var heading: String
    /// 1–6 for `h1`–`h6`; 0 for the text before the first heading.
    public var level: Int
    /// The section's text, whitespace collapsed; blocks (paragraphs, list items, table
    /// cells) are separated by one line break (`\n`).
    public var body: String

    public init(id: String?, heading: String, level: Int, body: String) {
      self.id = id
      self.heading = heading
      self.level = level
      self.body = body
    }
  }

  /// The largest page read, in bytes (32 MiB); a bigger file is refused.
  public static let maximumSize = 32 << 20

  /// The page's `<title>`, or its first `h1` when it has none; may be empty.
  public var title: String
  /// The sections, in page order; sections without heading or text are left out.
  public var sections: [Section]
  /// What the page says it is about, beside its title: a Mallard page's `<info><desc>` and
  /// `<keywords>`, an HTML page's `<meta name="description">` and `<meta name="keywords">`;
  /// may be empty. Search ranks by it (a Mallard page's is in its first section too).
  public var summary: String

  public init(title: String, sections: [Section], summary: String = "") {
    self.title = title
    self.sections = sections
    self.summary = summary
  }

  /// The text of `html`, the bytes of an HTML page, read as UTF-8 (what a `<meta charset>` says
  /// is not followed).
  public init(html: [UInt8]) {
    self = PageTextExtractor.extract(html)
  }

  /// The text of the page in `file`. Throws a `LoadError` when it cannot be read or is larger
  /// than `maximumSize`.
  public init(contentsOf file: URL) throws(LoadError) {
    self.init(html: [UInt8](try RegularFile.read(file, limit: Self.maximumSize)))
  }

}
