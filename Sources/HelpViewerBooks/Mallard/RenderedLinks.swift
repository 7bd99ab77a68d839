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

  /// The page id that `address` names (`PAGE.html`, with or without a fragment), or `nil`.
  static func pageID(_ address: String) -> String? {
    let path = address.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    guard path.hasSuffix(".html"), !path.contains("/"), !path.contains(":"),
      let id = String(path.dropLast(".html".count)).removingPercentEncoding, !id.isEmpty, !id.hasPrefix(".")
    else { return nil }
    return id
  }
}
