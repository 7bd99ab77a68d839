/// A section's snippet for a query, made as FTS5's `snippet()` makes it, from the section's
/// text alone: the statement reading the results needs no `MATCH`, which for a query of many
/// words merged every word's matches in the whole book once more (22 M of the 67 M
/// instructions of a 16-word query), and a long section is read once, not scored at every match
/// against every other (for a one-letter prefix in Node.js's 110 KB table of contents, 11 ms).
///
/// The rules are FTS5's (SQLite 3.40, `fts5_aux.c`), so a snippet is the one `snippet(sections,
/// 2, open, close, '…', 16)` gave:
/// - each query word is a phrase: its tokens in a row, the last a prefix; its instances are
///   where it occurs, in text order (at one token, in the query's order);
/// - a window of `tokens` tokens is scored at each instance: 1000 for each phrase it holds and 1
///   for each further instance, and placed so that its instances are centred; the window
///   starting at the sentence that instance is in (a token after whitespace after "." or ":")
///   is scored too, with 100 more (120 at the text's start); the first best wins;
/// - instances that share tokens are marked as one; "…" stands where text is left out.
///
/// ```swift
/// Snippet.marked("A long text about streams.", words: [["stream"]], open: "[", close: "]", tokens: 4)
/// // "…long text about [streams]."
/// ```
enum Snippet {
  /// `text`'s snippet for the query `words` (each the tokens of one word, as
  /// `SpellingCorrector.tokens(of:)` makes them).
  static func marked(_ text: String, words: [[String]], open: Character, close: Character, tokens count: Int = 16)
    -> String
  {
    made(text, words: words, open: open, close: close, tokens: count).marked
  }

  /// `marked(_:words:open:close:tokens:)`, and whether one of the words occurs in `text` (FTS5
  /// would match the text with the words' `OR`).
  static func made(_ text: String, words: [[String]], open: Character, close: Character, tokens count: Int = 16)
    -> (marked: String, holdsWords: Bool)
  {
    let bytes = Array(text.utf8)
    var folded: [String] = []
    let tokens = self.tokens(of: bytes, folded: &folded)
    let instances = self.instances(of: words, in: tokens, folded: folded, bytes: bytes)
    let size = tokens.count
    // The first token of each sentence.
    var firsts: [Int] = []
    for (position, token) in tokens.enumerated() {
      guard position > 0 else {
        firsts.append(0)
        continue
      }
      var before = token.start - 1
      while before >= 0,
        bytes[before] == 0x20 || bytes[before] == 0x09 || bytes[before] == 0x0A || bytes[before] == 0x0D
      {
        before -= 1
      }
      if before != token.start - 1, before >= 0, bytes[before] == 0x2E || bytes[before] == 0x3A {
        firsts.append(position)
      }
    }
    // The score of the window of `count` tokens from `start`, and where it is placed.
    func score(from start: Int) -> (score: Int, placed: Int) {
      var seen: UInt64 = 0  // One bit a phrase: a query has at most 16 words.
      var score = 0
      var first = -1
      var last = 0
      var index = firstInstance(atOrAfter: start, in: instances)
      while index < instances.count, instances[index].start < start + count {
        let instance = instances[index]
        let bit: UInt64 = 1 << UInt64(min(instance.phrase, 63))
        score += seen & bit == 0 ? 1000 : 1
        seen |= bit
        if first < 0 { first = instance.start }
        last = instance.start + instance.length
        index += 1
      }
      var placed = first - (count - (last - first)) / 2
      if placed + count > size { placed = size - count }
      return (score, max(placed, 0))
    }
    var best = (score: 0, start: 0)
    var sentence = 0
    for instance in instances {
      let window = score(from: instance.start)
      if window.score > best.score { best = (window.score, window.placed) }
      guard !firsts.isEmpty, size > count else { continue }
      while sentence < firsts.count - 1, firsts[sentence + 1] <= instance.start { sentence += 1 }
      guard firsts[sentence] < instance.start else { continue }
      let bonus = score(from: firsts[sentence]).score + (firsts[sentence] == 0 ? 120 : 100)
      if bonus > best.score { best = (bonus, firsts[sentence]) }
    }
    let marked = highlighted(
      bytes, tokens: tokens, marks: coalesced(instances), from: best.start, count: count, open: open, close: close)
    return (marked, !instances.isEmpty)
  }

  /// Whether one of `words` occurs in `text`: whether FTS5 would match the text with the
  /// words' `OR`.
  static func holds(_ words: [[String]], in text: String) -> Bool {
    let bytes = Array(text.utf8)
    var folded: [String] = []
    let tokens = self.tokens(of: bytes, folded: &folded)
    return !instances(of: words, in: tokens, folded: folded, bytes: bytes).isEmpty
  }

  /// One place a phrase (a query word) occurs: its first token, its length in tokens.
  private struct Instance {
    var start: Int
    var length: Int
    var phrase: Int
  }

  /// Every instance of `words` in `tokens`, in text order; at one token, in the words' order.
  private static func instances(of words: [[String]], in tokens: [Token], folded: [String], bytes: [UInt8])
    -> [Instance]
  {
    // The words by their first byte (those of byte `b` at `byFirstByte[starts[b]..<starts[b + 1]]`):
    // most tokens start none of them.
    var starts = [Int](repeating: 0, count: 257)
    for parts in words { if let first = parts.first?.utf8.first { starts[Int(first) + 1] += 1 } }
    for byte in 0..<256 { starts[byte + 1] += starts[byte] }
    var byFirstByte = [Int](repeating: 0, count: starts[256])
    var filled = starts
    for (word, parts) in words.enumerated() {
      guard let first = parts.first?.utf8.first else { continue }
      byFirstByte[filled[Int(first)]] = word
      filled[Int(first)] += 1
    }
    let parts = Parts(words)
    var instances: [Instance] = []
    for index in tokens.indices {
      let token = tokens[index]
      let first = Int(token.folded >= 0 ? folded[token.folded].utf8.first ?? 0 : Self.lowercased(bytes[token.start]))
      for slot in starts[first]..<starts[first + 1] {
        let word = byFirstByte[slot]
        guard parts.match(word, at: index, in: tokens, folded: folded, bytes: bytes) else { continue }
        instances.append(Instance(start: index, length: parts.words[word].count, phrase: word))
      }
    }
    return instances
  }

  /// The query's words kept flat, so that comparing them with every token of a long text copies
  /// (and counts references to) no array.
  private struct Parts {
    /// Each word's parts (indices into `ranges` and `texts`).
    let words: [Range<Int>]
    /// Each part's bytes in `bytes`.
    let ranges: [Range<Int>]
    let bytes: [UInt8]
    let texts: [String]

    init(_ words: [[String]]) {
      var ranges: [Range<Int>] = []
      var bytes: [UInt8] = []
      self.words = words.map { parts in
        let first = ranges.count
        for part in parts {
          ranges.append(bytes.count..<(bytes.count + part.utf8.count))
          bytes.append(contentsOf: part.utf8)
        }
        return first..<ranges.count
      }
      self.ranges = ranges
      self.bytes = bytes
      texts = words.flatMap { $0 }
    }

    /// Whether word `word` occurs at token `index`: its tokens in a row, the last a prefix.
    func match(_ word: Int, at index: Int, in tokens: [Token], folded: [String], bytes text: [UInt8]) -> Bool {
      let parts = words[word]
      guard index + parts.count <= tokens.count else { return false }
      for (offset, part) in parts.enumerated() {
        let whole = part < parts.upperBound - 1
        if tokens[index + offset].folded >= 0 {
          let token = folded[tokens[index + offset].folded]
          if whole ? token != texts[part] : !token.hasPrefix(texts[part]) { return false }
          continue
        }
        let start = tokens[index + offset].start
        let length = tokens[index + offset].end - start
        let range = ranges[part]
        guard whole ? length == range.count : length >= range.count else { return false }
        for at in range where Snippet.lowercased(text[start + at - range.lowerBound]) != bytes[at] { return false }
      }
      return true
    }
  }

  /// The index of the first of `instances` starting at `start` or later.
  private static func firstInstance(atOrAfter start: Int, in instances: [Instance]) -> Int {
    var low = 0
    var high = instances.count
    while low < high {
      let middle = (low + high) / 2
      if instances[middle].start < start { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The instances as marked: those sharing a token joined (first and last token).
  private static func coalesced(_ instances: [Instance]) -> [(start: Int, end: Int)] {
    var marks: [(start: Int, end: Int)] = []
    for instance in instances {
      let end = instance.start + instance.length - 1
      if let last = marks.last, instance.start <= last.end {
        marks[marks.count - 1].end = max(last.end, end)
      } else {
        marks.append((instance.start, end))
      }
    }
    return marks
  }

  /// The `count` tokens from `start` with the text between them, each mark of `marks` in it
  /// between `open` and `close`, "…" where text is left out.
  private static func highlighted(
    _ bytes: [UInt8], tokens: [Token], marks: [(start: Int, end: Int)], from start: Int, count: Int,
    open: Character, close: Character
  ) -> String {
    func piece(_ from: Int, _ to: Int) -> String { String(decoding: bytes[from..<max(from, to)], as: UTF8.self) }
    let end = start + count - 1
    var marked = start > 0 ? "…" : ""
    var mark = marks.firstIndex { $0.start >= start } ?? marks.count
    var current: (start: Int, end: Int) { mark < marks.count ? marks[mark] : (-1, -1) }
    var offset = 0
    for position in tokens.indices {
      let token = tokens[position]
      if end > 0 {
        if position < start { continue }
        if position > end { break }
        if start > 0, position == start { offset = token.start }
      }
      if position == current.start {
        marked += piece(offset, token.start)
        marked.append(open)
        offset = token.start
      }
      if position == current.end {
        if end > 0, current.start < start { marked.append(open) }
        marked += piece(offset, token.end)
        marked.append(close)
        offset = token.end
        mark += 1
      }
      if end > 0, position == end {
        marked += piece(offset, token.end)
        offset = token.end
        if position >= current.start, position < current.end { marked.append(close) }
      }
    }
    marked += end >= tokens.count - 1 ? piece(offset, bytes.count) : "…"
    return marked
  }

  /// An ASCII byte in lower case.
  fileprivate static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

  /// One token of the text: where it is (UTF-8 offsets), and where its folded form (lower
  /// case, accents removed) is kept when it is not ASCII (else -1). No reference in it: the
  /// tokens of a long text are made and dropped at no cost beyond their bytes.
  fileprivate struct Token {
    var start: Int
    var end: Int
    var folded: Int
  }

  /// The tokens of `text` (its UTF-8 `bytes`) as the index's tokenizer makes them
  /// (`SpellingCorrector.tokens(of:)`); the folded forms of those not ASCII added to `folded`.
  private static func tokens(of bytes: [UInt8], folded: inout [String]) -> [Token] {
    var tokens: [Token] = []
    tokens.reserveCapacity(bytes.count / 6)
    var start = -1
    var ascii = true
    var offset = 0
    func end() {
      guard start >= 0 else { return }
      var token = Token(start: start, end: offset, folded: -1)
      if !ascii {
        let word = String(decoding: bytes[start..<offset], as: UTF8.self)
        token.folded = folded.count
        folded.append(SpellingCorrector.tokens(of: word).first ?? word.lowercased())
      }
      tokens.append(token)
      start = -1
      ascii = true
    }
    while offset < bytes.count {
      let byte = bytes[offset]
      let width: Int
      let isPart: Bool
      switch byte {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A:
        (width, isPart) = (1, true)
      case 0..<0x80:
        (width, isPart) = (1, false)
      default:
        // A multi-byte character: decoded, then asked what it is.
        width = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        var value = UInt32(byte) & (width == 2 ? 0x1F : width == 3 ? 0x0F : 0x07)
        for next in bytes[(offset + 1)..<min(offset + width, bytes.count)] {
          value = value << 6 | UInt32(next & 0x3F)
        }
        if let scalar = Unicode.Scalar(value) {
          let properties = scalar.properties
          isPart =
            properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .privateUse
        } else {
          isPart = false
        }
        if isPart { ascii = false }
      }
      if isPart {
        if start < 0 { start = offset }
      } else {
        end()
      }
      offset += width
    }
    offset = min(offset, bytes.count)
    end()
    return tokens
  }
}
