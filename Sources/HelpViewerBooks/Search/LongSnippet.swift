/// The snippet of a long section, made here instead of by FTS5's `snippet()`, which scores a
/// window at every match against every other match: for a one-letter prefix in Node.js's
/// 110 KB table of contents, 11 ms of a 14 ms search. This one reads the text once.
///
/// Like FTS5's: a window of `tokens` tokens where the most different query words occur (then
/// the most matches, then the first), centred on them, every match in it marked with `open`
/// and `close`, "…" where text is left out. A word matches a token it starts (the query's
/// words are prefixes); a word of several tokens (`fs.readFileS`) matches them in a row, the
/// last as a prefix. Without a match, the text's first tokens.
///
/// ```swift
/// LongSnippet.marked("A long text about streams.", words: [["stream"]], open: "[", close: "]", tokens: 4)
/// // "…long text about [streams]."
/// ```
enum LongSnippet {
  /// The text of a section above which search makes its snippet here (UTF-8 bytes).
  static let minimumLength = 8192

  /// `text`'s snippet for the query `words` (each the tokens of one word, as
  /// `SpellingCorrector.tokens(of:)` makes them).
  static func marked(_ text: String, words: [[String]], open: Character, close: Character, tokens count: Int = 16)
    -> String
  {
    let bytes = Array(text.utf8)
    let tokens = self.tokens(of: bytes)
    guard !tokens.isEmpty else { return "" }
    let words = words.filter { !$0.isEmpty }
    // Every match: its first token, its length in tokens, its word.
    var matches: [(start: Int, length: Int, word: Int)] = []
    // The words by their first byte: most tokens start none of them.
    var byFirstByte = [[Int]](repeating: [], count: 256)
    for (word, parts) in words.enumerated() {
      guard let first = parts[0].utf8.first else { continue }
      byFirstByte[Int(first)].append(word)
    }
    for (index, token) in tokens.enumerated() {
      let first = token.folded?.utf8.first ?? Self.lowercased(bytes[token.start])
      for word in byFirstByte[Int(first)] where self.matches(words[word], at: index, in: tokens, bytes: bytes) {
        matches.append((index, words[word].count, word))
        break
      }
    }
    var window = 0..<min(count, tokens.count)
    var best = (words: 0, matches: 0)
    for (number, match) in matches.enumerated() {
      let end = match.start + count
      var seen: UInt64 = 0  // One bit a word (the 64th for any further).
      var inside = 0
      var last = match.start + match.length
      for other in matches[number...] {
        if other.start >= end { break }
        guard other.start + other.length <= end else { continue }
        seen |= 1 << UInt64(min(other.word, 63))
        inside += 1
        last = max(last, other.start + other.length)
      }
      guard (seen.nonzeroBitCount, inside) > (best.words, best.matches) else { continue }
      best = (seen.nonzeroBitCount, inside)
      // Centred on the matches it holds.
      let start = max(0, min(match.start - (count - (last - match.start)) / 2, tokens.count - count))
      window = start..<min(start + count, tokens.count)
    }
    let marks = matches.filter { window.contains($0.start) && $0.start + $0.length <= window.upperBound }
    func piece(_ from: Int, _ to: Int) -> String { String(decoding: bytes[from..<to], as: UTF8.self) }
    var marked = window.lowerBound > 0 ? "…" : ""
    // As FTS5: the text before the first token and after the last shown when they are in.
    var position = window.lowerBound > 0 ? tokens[window.lowerBound].start : 0
    for mark in marks {
      let from = tokens[mark.start].start
      let to = tokens[mark.start + mark.length - 1].end
      marked += piece(position, from)
      marked.append(open)
      marked += piece(from, to)
      marked.append(close)
      position = to
    }
    let isEnd = window.upperBound == tokens.count
    marked += piece(position, isEnd ? bytes.count : tokens[window.upperBound - 1].end)
    if !isEnd { marked += "…" }
    return marked
  }

  /// An ASCII byte in lower case.
  private static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

  /// One token of the text: where it is (UTF-8 offsets), and its folded form (lower case,
  /// accents removed) when it is not ASCII.
  private struct Token {
    var start: Int
    var end: Int
    var folded: String?
  }

  /// Whether the word `parts` occurs at token `index`: its tokens in a row, the last a prefix.
  private static func matches(_ parts: [String], at index: Int, in tokens: [Token], bytes: [UInt8]) -> Bool {
    guard index + parts.count <= tokens.count else { return false }
    for (offset, part) in parts.enumerated() {
      let token = tokens[index + offset]
      let whole = offset < parts.count - 1
      if let folded = token.folded {
        if whole ? folded != part : !folded.hasPrefix(part) { return false }
        continue
      }
      let length = token.end - token.start
      guard whole ? length == part.utf8.count : length >= part.utf8.count else { return false }
      var at = token.start
      for byte in part.utf8 {
        if lowercased(bytes[at]) != byte { return false }
        at += 1
      }
    }
    return true
  }

  /// The tokens of `text` (its UTF-8 `bytes`) as the index's tokenizer makes them
  /// (`SpellingCorrector.tokens(of:)`).
  private static func tokens(of bytes: [UInt8]) -> [Token] {
    var tokens: [Token] = []
    tokens.reserveCapacity(bytes.count / 6)
    var start = -1
    var ascii = true
    var offset = 0
    func end() {
      guard start >= 0 else { return }
      var token = Token(start: start, end: offset, folded: nil)
      if !ascii {
        let word = String(decoding: bytes[start..<offset], as: UTF8.self)
        token.folded = SpellingCorrector.tokens(of: word).first ?? word.lowercased()
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
