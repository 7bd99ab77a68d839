/// A place in a help book that context help opens: a page id and, optionally, a section (an
/// element `id` in that page).
///
/// ```swift
/// let topic = HelpTopic(parsing: "sync#conflicts")  // HelpTopic(page: "sync", section: "conflicts")
/// let url = try book.url(for: topic)
/// ```
public struct HelpTopic: Sendable, Hashable, CustomStringConvertible {
  /// The page's id: its file name without `.html`.
  public var page: String
  /// An element `id` in the page, or `nil` for its top.
  public var section: String?

  public init(page: String, section: String? = nil) {
    self.page = page
    self.section = section.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `PAGE` or `PAGE#SECTION`, as `help-viewer-demo --topic` takes it; `nil` for an empty page.
  public init?(parsing text: String) {
    let parts = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    guard let page = parts.first, !page.isEmpty else { return nil }
    self.init(page: String(page), section: parts.count > 1 ? String(parts[1]) : nil)
  }

  /// `PAGE` or `PAGE#SECTION`.
  public var description: String { section.map { "\(page)#\($0)" } ?? page }
}
