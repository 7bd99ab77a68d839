/// The pages search lists, in order, each once: the row of the section it is shown by (the
/// first found), the row actually found (a copy of it on another page, `SectionDuplicates`)
/// and the scores of the rows.
///
/// ```swift
/// var hits = PageHits()
/// hits.add(row: 12, found: 12, page: 3, score: -4.2, tier: 0)
/// hits.add(row: 13, found: 13, page: 3, score: -3.0, tier: 0)   // page 3 is listed already: ignored
/// hits.pages.count   // 1
/// ```
struct PageHits {
  /// A page listed: its index in the index's pages, and the rows of its best section.
  struct Hit {
    var page: Int32
    var row: Int
    var found: Int
    /// The tier it was found in (`SearchIndex.answer(_:limit:correcting:)`).
    var tier: Int
  }

  private(set) var pages: [Hit] = []
  private(set) var scores: [Int: Double] = [:]
  private var listed = Set<Int32>()

  /// Lists `page` by the section `row` (found as `found`), unless it is listed already.
  mutating func add(row: Int, found: Int, page: Int32, score: Double, tier: Int) {
    guard page >= 0, listed.insert(page).inserted else { return }
    pages.append(Hit(page: page, row: row, found: found, tier: tier))
    scores[row] = score
    scores[found] = score
  }

  /// Shows the listed `page` by the section `row` (found as `found`) of the better `tier`, when
  /// it was listed in a worse one: a page found first by a section whose title holds some words
  /// and heading the others, then by a heading naming them all, is a page with a heading naming
  /// them. It keeps its place in the list.
  mutating func upgrade(row: Int, found: Int, page: Int32, score: Double, tier: Int) {
    guard let index = pages.firstIndex(where: { $0.page == page }), pages[index].tier > tier else { return }
    pages[index] = Hit(page: page, row: row, found: found, tier: tier)
    scores[row] = score
    scores[found] = score
  }

  /// Reorders the pages: stable, by `before`.
  mutating func reorder(by before: (Hit, Hit) -> Bool) {
    pages = pages.enumerated().sorted { a, b in
      before(a.element, b.element) ? true : before(b.element, a.element) ? false : a.offset < b.offset
    }.map(\.element)
  }

  /// Whether `page` is listed.
  func contains(_ page: Int32) -> Bool { listed.contains(page) }
}
