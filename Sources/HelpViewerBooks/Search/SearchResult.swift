import Foundation

/// One answer of `SearchIndex.search(_:limit:)`: a page of the book, shown by its best matching
/// section, with the page's other matching sections (`otherSections`); each page is listed
/// once, best first.
///
/// ```swift
/// for result in try index.search("resume") {
///   print(result.title, result.heading, result.url)   // "Sync" "Résumé" file:///…/sync.html#resume
///   html += result.snippetHTML                          // "… the <mark>résumé</mark> of …"
/// }
/// ```
public struct SearchResult: Sendable, Hashable {
  /// A piece of a snippet: page text, matched or not. Not escaped.
  public struct Segment: Sendable, Hashable {
    public var text: String
    /// Whether this is a matched word, to be highlighted.
    public var isMatch: Bool

    public init(_ text: String, isMatch: Bool) {
      self.text = text
      self.isMatch = isMatch
    }
  }

  /// The page's title (its id when it has none).
  public let title: String
  /// The page's id.
  public let pageID: String
  /// The section's element id, when it has one.
  public let sectionID: String?
  /// The section's heading; empty for the text before a page's first heading.
  public let heading: String
  /// The language folder the page comes from.
  public let language: String
  /// The page of the book, with the section as fragment.
  public let url: URL
  /// Some of the section's text around the matches, with the matched words marked; where one
  /// block of the page ends and the next starts (list items, paragraphs) it shows
  /// `blockSeparator`.
  public let snippet: [Segment]
  /// The bm25 score the section was ranked by within its tier (lower is better). The results'
  /// order is the ranking's (tiers first, see `SearchIndex.answer(_:limit:correcting:)`), so
  /// scores of different tiers do not compare.
  public let score: Double
  /// The page's other sections that match, best first (each with its heading, address and
  /// snippet; their own `otherSections` are empty).
  public internal(set) var otherSections: [SearchResult] = []

  /// The same page without a section: its address is the page's.
  public var pageOnly: SearchResult {
    SearchResult(
      title: title, pageID: pageID, sectionID: nil, heading: "", language: language,
      url: url.deletingFragment, snippet: [], score: score)
  }

  /// The snippet as HTML: the text escaped, the matches in `<mark>`.
  public var snippetHTML: String {
    snippet.map { $0.isMatch ? "<mark>\(HTMLText.escape($0.text))</mark>" : HTMLText.escape($0.text) }.joined()
  }

  /// The snippet as plain text.
  public var snippetText: String { snippet.map(\.text).joined() }

  /// What a snippet shows between two blocks of the page, so they do not run together.
  public static let blockSeparator = " · "

  /// Splits `marked` at the markers `open` and `close` (one Unicode scalar each) into
  /// segments; line breaks (the ends of blocks) become `blockSeparator`. Read by scalar, not by
  /// `Character`: a marker is never part of its neighbour's grapheme, and a query of many
  /// words splits 20 snippets in a tenth of the time.
  static func segments(_ marked: String, open: Character, close: Character) -> [Segment] {
    let scalars = marked.unicodeScalars
    let openScalar = open.unicodeScalars.first
    let closeScalar = close.unicodeScalars.first
    var segments: [Segment] = []
    var current = ""
    var isMatch = false
    var start = scalars.startIndex
    var index = start
    var previous: Unicode.Scalar?
    while index < scalars.endIndex {
      let scalar = scalars[index]
      let next = scalars.index(after: index)
      if scalar == openScalar || scalar == closeScalar {
        current += String(scalars[start..<index])
        if !current.isEmpty { segments.append(Segment(current, isMatch: isMatch)) }
        current = ""
        isMatch = scalar == openScalar
        start = next
      } else if scalar == "\n", previous != "\r" {
        current += String(scalars[start..<index])
        current += blockSeparator
        start = next
      }
      previous = scalar
      index = next
    }
    current += String(scalars[start..<scalars.endIndex])
    if !current.isEmpty { segments.append(Segment(current, isMatch: isMatch)) }
    return segments
  }
}

extension URL {
  /// The URL without its fragment.
  fileprivate var deletingFragment: URL {
    guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false), components.fragment != nil else {
      return self
    }
    components.fragment = nil
    return components.url ?? self
  }
}
