import Foundation
import HelpViewerCore

/// The pages that hold the query's words across their sections, or only some of them: what
/// search lists after the pages with a section holding every word (`answer(_:limit:correcting:)`).
///
/// Each word weighs by how rare it is in the book (its inverse document frequency over
/// sections, as bm25's); a page scores the weights of the words it holds, and those its title
/// names count again (`fallbackTitleWeight` more). Pages scoring more come first; among
/// equals, the page with a section holding more weight, then the book's order. A word the book does not hold weighs
/// nothing, so a query finds nothing only when none of its words is in the book.
///
/// ```swift
/// // "change password": no section holds both, a page holds "change" in one section and
/// // "password" in another: listed, by its section holding the rarer "password".
/// ```
extension SearchIndex {
  /// A page found by the fallback: its index in `pageIDs`, its best row, its matching rows in
  /// page order.
  struct FallbackPage {
    var page: Int32
    var best: Int
    var rows: [Int]
    /// Whether the page holds every word that is in the book.
    var holdsAll: Bool
  }

  /// How much more a word counts when the page's title names it.
  static let fallbackTitleWeight = 1.0

  /// The most rows one word's lookup reads.
  static let fallbackRowLimit = 20_000

  /// The rows holding each of the first 16 of `words` (as a prefix), in book order; none for a
  /// word without a letter or digit.
  func wordRows(_ connection: SQLiteConnection, words: [String]) throws(LoadError) -> [[Int]] {
    var rows: [[Int]] = []
    for word in words.prefix(16) {
      guard let match = SearchQuery.match(for: word) else {
        rows.append([])
        continue
      }
      rows.append(try rowIDs(connection, match: match, limit: Self.fallbackRowLimit))
    }
    return rows
  }

  /// The best `limit` pages holding some of `words` (each a prefix), not listed in `excluding`;
  /// `rows` are the words' rows (`wordRows`), when read already.
  func fallbackPages(
    _ connection: SQLiteConnection, words: [String], rows: [[Int]]? = nil, excluding: PageHits, limit: Int
  ) throws(LoadError) -> [FallbackPage] {
    let words = Array(words.prefix(16))
    let rowsOfWords: [[Int]]
    if let rows { rowsOfWords = rows } else { rowsOfWords = try wordRows(connection, words: words) }
    var weights: [Double] = []
    // The words each row holds, one bit a word (row ids start at 1).
    var rowMasks = [UInt16](repeating: 0, count: sectionCount + 1)
    let total = Double(max(sectionCount, 1))
    for (bit, rows) in rowsOfWords.enumerated() {
      let count = Double(rows.count)
      weights.append(rows.isEmpty ? 0 : log(1 + (total - count + 0.5) / (count + 0.5)))
      for row in rows {
        let listed = duplicates.representative(of: row)
        if listed >= 1, listed < rowMasks.count { rowMasks[listed] |= 1 << UInt16(bit) }
      }
    }
    func weight(_ mask: UInt16) -> Double {
      var sum = 0.0
      for bit in 0..<words.count where mask & (1 << UInt16(bit)) != 0 { sum += weights[bit] }
      return sum
    }
    // What each page holds, and its best row: the one holding the most weight (the first).
    struct Candidate {
      var mask: UInt16 = 0
      var best = 0
      var bestWeight = -1.0
      var rows: [Int] = []
    }
    var candidates: [Int32: Candidate] = [:]
    for (row, mask) in rowMasks.enumerated() where mask != 0 {
      let page = page(of: row)
      guard page >= 0, !excluding.contains(page) else { continue }
      var candidate = candidates[page] ?? Candidate()
      candidate.mask |= mask
      candidate.rows.append(row)
      let rowWeight = weight(mask)
      if rowWeight > candidate.bestWeight {
        candidate.best = row
        candidate.bestWeight = rowWeight
      }
      candidates[page] = candidate
    }
    let wordTokens = words.map(NamingWords.queryTokens(of:))
    // A word no section holds still counts when a title names it in another form ("cannot"
    // for "Can't print"): by its rarity.
    let titleWeights = zip(weights, wordTokens).map { weight, tokens in
      weight > 0 ? weight : tokens.reduce(0) { $0 + rarity(of: $1) }
    }
    let query = NamingQuery(wordTokens)
    func titleWeight(_ page: Int32) -> Double {
      let named = namedWeights(query, weights: titleWeights, page: page)
      return named.title + Self.summaryWeight * named.summary
    }
    let ranked = candidates.compactMap { page, candidate -> (page: Int32, key: [Double], candidate: Candidate)? in
      let held = weight(candidate.mask)
      guard held > 0 else { return nil }
      return (page, [held + Self.fallbackTitleWeight * titleWeight(page), candidate.bestWeight], candidate)
    }.sorted { a, b in
      a.key != b.key ? a.key.lexicographicallyPrecedes(b.key, by: >) : a.page < b.page
    }
    var inBook: UInt16 = 0
    for bit in 0..<words.count where weights[bit] > 0 { inBook |= 1 << UInt16(bit) }
    return ranked.prefix(limit).map {
      FallbackPage(
        page: $0.page, best: $0.candidate.best, rows: $0.candidate.rows,
        holdsAll: $0.candidate.mask & inBook == inBook)
    }
  }
}
