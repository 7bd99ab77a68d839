import Foundation

/// A page's text as a list of blocks in reading order, read out of the page's DOM by
/// `PageOutline.script` in an isolated script world, for the text view a screen reader reads
/// where GTK cannot reach WebKit's own accessibility tree (GTK before 4.14).
///
/// ```swift
/// let outline = try PageOutline(json: answer)   // what `PageOutline.script` returned
/// for block in outline.blocks { print(block.kind, block.text) }
/// ```
public struct PageOutline: Sendable, Equatable {
  /// The most blocks kept: a longer page is cut there (`isCut`).
  public static let maxBlocks = 5000
  /// The longest text a block keeps, in characters.
  public static let maxTextLength = 20_000

  /// The page's title (`document.title`).
  public var title: String
  /// The page's address.
  public var address: String
  /// Which reading of the page this is; an activation names it so that it reaches no element
  /// of a later reading.
  public var generation: Int
  /// The blocks, in reading order.
  public var blocks: [TextBlock]
  /// Whether the page had more than `maxBlocks` blocks.
  public var isCut: Bool

  public init(title: String, address: String, generation: Int = 0, blocks: [TextBlock], isCut: Bool = false) {
    self.title = title
    self.address = address
    self.generation = generation
    self.blocks = blocks
    self.isCut = isCut
  }

  /// An error reading the script's answer.
  public struct ReadError: Error, Equatable, CustomStringConvertible {
    public let description: String
  }

  /// Reads the JSON `PageOutline.script` returns. Blocks with no words are left out, levels
  /// kept within 1…6, texts cut at `maxTextLength`; what is not JSON of that shape throws.
  public init(json: String) throws(ReadError) {
    let answer: Answer
    do {
      answer = try JSONDecoder().decode(Answer.self, from: Data(json.utf8))
    } catch {
      throw ReadError(description: "not a page outline: \(error)")
    }
    var blocks: [TextBlock] = []
    var anchors: [String] = []  // Of blocks left out: they go to the next one kept.
    for raw in answer.blocks {
      guard blocks.count < Self.maxBlocks else { break }
      anchors += raw.a ?? []
      guard var block = raw.block else { continue }
      block.anchors = anchors
      anchors = []
      blocks.append(block)
    }
    self.init(
      title: Self.clean(answer.title ?? ""), address: answer.url ?? "", generation: answer.generation ?? 0,
      blocks: blocks, isCut: answer.blocks.count > blocks.count && blocks.count == Self.maxBlocks)
  }

  /// The indexes of the blocks whose text holds `query`, ignoring case and accents (find in
  /// page, in the text view); none for an empty query.
  public func blocksMatching(_ query: String) -> [Int] {
    let needle = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !needle.isEmpty else { return [] }
    return blocks.indices.filter {
      blocks[$0].text.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
    }
  }

  /// How many times `query` occurs in the blocks' text, ignoring case and accents.
  public func matchCount(_ query: String) -> Int {
    let needle = query.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !needle.isEmpty else { return 0 }
    var count = 0
    for block in blocks {
      var range = block.text.startIndex..<block.text.endIndex
      while let found = block.text.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive], range: range) {
        count += 1
        range = found.upperBound..<block.text.endIndex
      }
    }
    return count
  }

  /// The index of the block that `address`'s `#section` starts at, if any.
  public func blockIndex(forSectionOf address: String) -> Int? {
    guard let hash = address.firstIndex(of: "#") else { return nil }
    let fragment = String(address[address.index(after: hash)...])
    let id = fragment.removingPercentEncoding ?? fragment
    guard !id.isEmpty else { return nil }
    return blocks.firstIndex { $0.anchors.contains(id) }
  }

  /// Collapses white space and trims; cuts at `maxTextLength`.
  static func clean(_ text: String) -> String {
    let words = text.split(whereSeparator: { $0.isWhitespace })
    let joined = words.joined(separator: " ")
    return joined.count > maxTextLength ? String(joined.prefix(maxTextLength)) : joined
  }

  /// The script's answer, as JSON.
  private struct Answer: Decodable {
    var title: String?
    var url: String?
    var generation: Int?
    var blocks: [RawBlock]
  }

  /// One block as the script writes it: `k` kind (`h`, `p`, `li`, `a`, `b`), `t` text, `l`
  /// heading level, `d` list depth, `h` link address, `i` target, `a` anchors.
  private struct RawBlock: Decodable {
    var k: String
    var t: String?
    var l: Int?
    var d: Int?
    var h: String?
    var i: Int?
    var a: [String]?

    var block: TextBlock? {
      let text = PageOutline.clean(t ?? "")
      let kind: TextBlock.Kind
      switch k {
      case "h": kind = .heading(level: min(max(l ?? 2, 1), 6))
      case "p": kind = .paragraph
      case "li": kind = .listItem(depth: max(d ?? 1, 1))
      case "a":
        guard let target = i, let address = h, !address.isEmpty else { return nil }
        kind = .link(address: address, target: target)
        return TextBlock(kind, text.isEmpty ? address : text, anchors: a ?? [], listDepth: d.map { max($0, 1) })
      case "b":
        guard let target = i else { return nil }
        kind = .button(target: target)
      default: return nil
      }
      guard !text.isEmpty else { return nil }
      return TextBlock(kind, text, anchors: a ?? [])
    }
  }
}
