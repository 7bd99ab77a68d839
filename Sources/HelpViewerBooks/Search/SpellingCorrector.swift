import Foundation

/// Corrects misspelt query words against a book's own vocabulary: the terms of its search
/// index (FTS5's `fts5vocab`), each with the number of sections holding it.
///
/// A word is corrected only when no term of the book starts with it. Its correction is the
/// term closest to it by edit distance (insertions, deletions, substitutions and swaps of two
/// neighbours each count 1): at most 1 for words of 3–5 letters, 2 for longer words; shorter
/// words are never corrected. Among equally close terms, the one in the most sections wins.
///
/// ```swift
/// let corrector = SpellingCorrector(terms: [("buffer", 120), ("eventemitter", 40)])
/// corrector.correction(of: "bufer")      // "buffer"
/// corrector.correction(of: "buff")       // nil: "buffer" starts with it, nothing to correct
/// corrector.correction(of: "xqzvkw")     // nil: no term is close
/// ```
struct SpellingCorrector: Sendable {
  /// The terms, as Unicode scalars, sorted by scalar value.
  private let terms: [[Unicode.Scalar]]
  /// How many sections hold each term (same order as `terms`).
  private let counts: [Int]
  /// The characters each term holds, as bits (`mask(of:)`; same order as `terms`).
  private let masks: [UInt64]
  /// The indices of the terms of each length in characters, ascending: a word is compared only
  /// with terms whose length is within the edits allowed (about a sixth of a large book's).
  private let byLength: [[Int]]

  /// The longest word corrected, in characters (longer words are left as they are).
  static let maximumLength = 40

  /// A corrector for the terms `terms` (lower case, without accents, as the index keeps them).
  init(terms: [(term: String, count: Int)]) {
    let sorted = terms.map { (Array($0.term.unicodeScalars), $0.count) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }
    self.terms = sorted.map(\.0)
    self.counts = sorted.map(\.1)
    self.masks = self.terms.map(Self.mask(of:))
    var byLength = [[Int]](repeating: [], count: Self.maximumLength + 3)
    for (index, term) in self.terms.enumerated() where term.count < byLength.count {
      byLength[term.count].append(index)
    }
    self.byLength = byLength
  }

  /// The characters `word` holds, one bit each (`a`–`z`, `0`–`9`, others folded onto 28 more
  /// bits). Each character of one word missing from the other takes an edit, so when more are
  /// missing than edits allowed the words are not close: a cheap test before the distance.
  static func mask(of word: [Unicode.Scalar]) -> UInt64 {
    var mask: UInt64 = 0
    for scalar in word {
      let value = scalar.value
      switch value {
      case 0x61...0x7A: mask |= 1 << UInt64(value - 0x61)
      case 0x30...0x39: mask |= 1 << UInt64(26 + value - 0x30)
      default: mask |= 1 << UInt64(36 + value % 28)
      }
    }
    return mask
  }

  /// How many terms the vocabulary holds.
  var count: Int { terms.count }

  /// The tokens of `word` as the index's tokenizer makes them: lower case, accents removed,
  /// split at every character that is not a letter, a digit or a mark.
  static func tokens(of word: String) -> [String] {
    if word.utf8.allSatisfy({ $0 < 0x80 }) { return asciiTokens(of: word) }
    let folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    var tokens: [String] = []
    var current = String.UnicodeScalarView()
    for scalar in folded.unicodeScalars {
      let properties = scalar.properties
      if properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .privateUse {
        current.append(scalar)
      } else if !current.isEmpty {
        tokens.append(String(current))
        current = String.UnicodeScalarView()
      }
    }
    if !current.isEmpty { tokens.append(String(current)) }
    return tokens
  }

  /// `tokens(of:)` for ASCII text, without Foundation's folding (ranking splits hundreds of
  /// headings a query).
  private static func asciiTokens(of text: String) -> [String] {
    var tokens: [String] = []
    var current: [UInt8] = []
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): current.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte + 32)
      default:
        if !current.isEmpty {
          tokens.append(String(decoding: current, as: UTF8.self))
          current.removeAll(keepingCapacity: true)
        }
      }
    }
    if !current.isEmpty { tokens.append(String(decoding: current, as: UTF8.self)) }
    return tokens
  }

  /// Whether some term starts with `token` (a token of `tokens(of:)`).
  func hasTerm(startingWith token: String) -> Bool {
    let prefix = Array(token.unicodeScalars)
    let low = firstIndex(notBefore: prefix)
    return low < terms.count && terms[low].starts(with: prefix)
  }

  /// Whether `token` (a token of `tokens(of:)`) is a term of the book, whole.
  func hasTerm(_ token: String) -> Bool {
    let word = Array(token.unicodeScalars)
    let index = firstIndex(notBefore: word)
    return index < terms.count && terms[index] == word
  }

  /// The index of the first term not before `word`.
  private func firstIndex(notBefore word: [Unicode.Scalar]) -> Int {
    var low = 0
    var high = terms.count
    while low < high {
      let middle = (low + high) / 2
      if terms[middle].lexicographicallyPrecedes(word) { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The fewest letters of a word `longerWord(for:)` completes.
  static let shortestLongerWord = 6

  /// For a word of one token, of `shortestLongerWord` letters or more, that is no term of the
  /// book but one letter short of one (`subproces` for `subprocess`): that term, the most
  /// common when several. `nil` otherwise: a whole term, or a prefix of longer words only
  /// (`subproc`), is searched as typed.
  func longerWord(for word: String) -> String? {
    let tokens = Self.tokens(of: word)
    guard tokens.count == 1, let token = tokens.first, token.count >= Self.shortestLongerWord, !hasTerm(token)
    else { return nil }
    let prefix = Array(token.unicodeScalars)
    var index = firstIndex(notBefore: prefix)
    var best: (term: [Unicode.Scalar], count: Int)?
    while index < terms.count, terms[index].starts(with: prefix) {
      if terms[index].count == prefix.count + 1, counts[index] > (best?.count ?? 0) {
        best = (terms[index], counts[index])
      }
      index += 1
    }
    return best.map { String(String.UnicodeScalarView($0.term)) }
  }

  /// How many sections hold a term starting with `token`, summed over the terms (an upper
  /// bound of the sections holding one).
  func sectionCount(startingWith token: String) -> Int {
    let prefix = Array(token.unicodeScalars)
    var index = firstIndex(notBefore: prefix)
    var sum = 0
    while index < terms.count, terms[index].starts(with: prefix) {
      sum += counts[index]
      index += 1
    }
    return sum
  }

  /// Whether `word` matches nothing: some token of it starts no term of the book.
  func needsCorrection(_ word: String) -> Bool {
    Self.tokens(of: word).contains { !hasTerm(startingWith: $0) }
  }

  /// The correction of the query word `word`, or `nil` when it needs none (a term starts with
  /// each of its tokens) or none is close enough. A word of several tokens (`fs.redFile`) is
  /// corrected token by token and comes back lower case.
  /// At most `maximumDistance` edits per token when given.
  /// Without `substitutions`, a letter replaced by another costs 2 (a letter missing, doubled or
  /// two swapped still cost 1).
  func correction(of word: String, maximumDistance: Int? = nil, substitutions: Bool = true) -> String? {
    let tokens = Self.tokens(of: word)
    guard !tokens.isEmpty, tokens.contains(where: { !hasTerm(startingWith: $0) }) else { return nil }
    var corrected: [String] = []
    for token in tokens {
      if hasTerm(startingWith: token) {
        corrected.append(token)
      } else {
        guard let best = closestTerm(to: token, maximumDistance: maximumDistance, substitutions: substitutions)
        else { return nil }
        corrected.append(best)
      }
    }
    return tokens.count == 1 ? corrected[0] : corrected.joined(separator: " ")
  }

  /// The term closest to `token` within the allowed distance, the most common among equals.
  func closestTerm(to token: String, maximumDistance: Int? = nil, substitutions: Bool = true) -> String? {
    let word = Array(token.unicodeScalars)
    guard word.count >= 3, word.count <= Self.maximumLength else { return nil }
    let allowed = min(word.count <= 5 ? 1 : 2, maximumDistance ?? 2)
    let wordMask = Self.mask(of: word)
    var best: (distance: Int, count: Int, index: Int)?
    let lengths = max(0, word.count - allowed)...min(byLength.count - 1, word.count + allowed)
    for index in lengths.lazy.flatMap({ byLength[$0] }) {
      let term = terms[index]
      let mask = masks[index]
      // A character only one of them holds takes an edit (the other's may share a bit: fewer).
      guard (wordMask & ~mask).nonzeroBitCount <= allowed, (mask & ~wordMask).nonzeroBitCount <= allowed else {
        continue
      }
      guard let distance = Self.distance(word, term, atMost: allowed, substitution: substitutions ? 1 : 2) else {
        continue
      }
      // The closest, then the term in the most sections, then the first in the sorted terms.
      if let current = best,
        distance > current.distance
          || (distance == current.distance
            && (counts[index] < current.count || (counts[index] == current.count && index > current.index)))
      {
        continue
      }
      best = (distance, counts[index], index)
    }
    return best.map { String(String.UnicodeScalarView(terms[$0.index])) }
  }

  /// The optimal string alignment distance between `a` and `b` (Levenshtein with swaps of
  /// neighbours), or `nil` when it is above `limit`.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int, substitution: Int = 1)
    -> Int?
  {
    if a == b { return 0 }
    let width = b.count + 1
    var previous2 = [Int](repeating: 0, count: width)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: width)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      current[0] = i
      var rowMinimum = i
      for j in 1..<width {
        let cost = a[i - 1] == b[j - 1] ? 0 : substitution
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, previous2[j - 2] + 1) }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return nil }
      (previous2, previous, current) = (previous, current, previous2)
    }
    let result = a.isEmpty ? b.count : previous[b.count]
    return result <= limit ? result : nil
  }
}
