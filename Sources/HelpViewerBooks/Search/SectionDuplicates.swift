/// Sections that appear identically on several pages of a book — a manual's all-in-one page
/// repeats every other page — and, for each, the one search lists: the section on the most
/// specific page (the page with the fewest sections; the earlier page among equals).
///
/// Two sections are identical when their headings and texts are (compared by a 64-bit FNV-1a
/// digest of both).
///
/// ```swift
/// let duplicates = SectionDuplicates(rows: [
///   (row: 1, page: "all", digest: d), (row: 2, page: "all", digest: e), (row: 3, page: "fs", digest: d),
/// ])
/// duplicates.representative(of: 1)  // 3: fs.html's copy, fs has fewer sections than all
/// ```
struct SectionDuplicates: Sendable {
  /// The row listed instead, for each row with an identical section on a more specific page.
  private let representatives: [Int: Int]

  /// How many rows are listed as another row.
  var duplicateCount: Int { representatives.count }

  /// Groups `rows` (row id, page id, digest of heading and text) into identical sections.
  init(rows: [(row: Int, page: String, digest: UInt64)]) {
    var sectionsPerPage: [String: Int] = [:]
    var firstRow: [String: Int] = [:]
    var groups: [UInt64: [Int]] = [:]
    var pageOfRow: [Int: String] = [:]
    for row in rows {
      sectionsPerPage[row.page, default: 0] += 1
      if firstRow[row.page] == nil { firstRow[row.page] = row.row }
      groups[row.digest, default: []].append(row.row)
      pageOfRow[row.row] = row.page
    }
    var representatives: [Int: Int] = [:]
    for members in groups.values where members.count > 1 {
      func specificity(_ row: Int) -> (Int, Int) {
        let page = pageOfRow[row] ?? ""
        return (sectionsPerPage[page] ?? Int.max, firstRow[page] ?? row)
      }
      guard let best = members.min(by: { specificity($0) < specificity($1) }) else { continue }
      for member in members where member != best { representatives[member] = best }
    }
    self.representatives = representatives
  }

  /// The row listed for `row`: its copy on the most specific page, or itself.
  func representative(of row: Int) -> Int { representatives[row] ?? row }

  /// A 64-bit FNV-1a digest of a section's heading and text.
  static func digest(heading: String, body: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in heading.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    hash = (hash ^ 0xFF) &* 0x100_0000_01b3  // Not a UTF-8 byte: heading and text stay apart.
    for byte in body.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return hash
  }
}
