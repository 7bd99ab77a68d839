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
    let marker = Array(#"href=""#.utf8)
    html.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      var index = 0
      while ids.count < limit, let start = find(marker, in: bytes, from: index) {
        var end = start + marker.count
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
        index = end
        guard end < bytes.count,
          let id = pageID(String(decoding: bytes[(start + marker.count)..<end], as: UTF8.self)),
          seen.insert(id).inserted
        else { continue }
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

  /// Where `marker` next starts in `bytes`, at or after `from`.
  private static func find(_ marker: [UInt8], in bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
    guard let first = marker.first, bytes.count >= marker.count else { return nil }
    var index = from
    while index <= bytes.count - marker.count {
      if bytes[index] == first, marker.indices.allSatisfy({ bytes[index + $0] == marker[$0] }) { return index }
      index += 1
    }
    return nil
  }
}
