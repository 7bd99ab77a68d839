import Foundation

/// The pages a rendered Mallard page links to, in the order its links come: every
/// `href="PAGE.html"` or `href="PAGE.html#section"` (what `MallardRenderer` makes of links
/// between a book's pages), each page once. Links to other books (`help:`), to the web or to
/// files elsewhere (a `/` or `:` in the address) are not pages of the book.
///
/// ```swift
/// RenderedLinks.pageIDs(in: Data(#"<a href="sync.html#conflicts">…<a href="help:zenity">"#.utf8))
/// // ["sync"]
/// ```
enum RenderedLinks {
  /// The ids of the book's pages that `html` links to, at most `limit` of them.
  static func pageIDs(in html: Data, limit: Int = .max) -> [String] {
    var ids: [String] = []
    var seen: Set<String> = []
    let marker = Data(#"href=""#.utf8)
    var index = html.startIndex
    while ids.count < limit, let found = html.range(of: marker, in: index..<html.endIndex) {
      guard let end = html[found.upperBound...].firstIndex(of: UInt8(ascii: "\"")) else { break }
      index = end
      if let id = pageID(String(decoding: html[found.upperBound..<end], as: UTF8.self)), seen.insert(id).inserted {
        ids.append(id)
      }
    }
    return ids
  }

  /// The first `limit` pages of `ids` that `lookup` finds and `isKept` does not hold yet, in
  /// order; `lookup` is asked once per id, and `isKept` once per page found.
  ///
  /// Once only, because both read what may change between two calls: a book's files can go
  /// (an update, an uninstall) and other renders keep pages. The lazy chain this replaces
  /// (`ids.lazy.compactMap { … }.filter { … }.prefix(n)`) read its elements by index, asking
  /// `compactMap`'s transform again for each, and force-unwrapped the later answer: a book
  /// folder removed in between trapped the renderer's queue (`FlatMap.swift:49`, seen once in
  /// the GTK suite when a test's book copy was deleted while its links were prepared).
  ///
  /// ```swift
  /// RenderedLinks.pages(["sync", "gone", "share"], limit: 1, lookup: { try? book.page(id: $0) }) { _ in false }
  /// // [sync's page]
  /// ```
  static func pages<Page>(
    _ ids: [String], limit: Int, lookup: (String) -> Page?, isKept: (Page) -> Bool
  ) -> [Page] {
    var pages: [Page] = []
    for id in ids {
      guard pages.count < limit else { break }
      guard let page = lookup(id), !isKept(page) else { continue }
      pages.append(page)
    }
    return pages
  }

  /// The page id that `address` names (`PAGE.html`, with or without a fragment), or `nil`: a
  /// link with a scheme (`help:`, `https:`) names no page of the book.
  static func pageID(_ address: String) -> String? {
    let path = address.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    guard !path.contains(":") else { return nil }
    return HelpBookPage.id(inFileName: path)
  }
}
