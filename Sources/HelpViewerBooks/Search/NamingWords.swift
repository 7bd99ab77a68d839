/// The words of a title or a summary as ranking compares them with a query's words: tokens
/// (`SpellingCorrector.tokens(of:)`) without stop words, with negative contractions read in
/// full, and words a query writes apart meeting the word a title writes joined.
///
/// - "can't" and "can not" are "cannot", and any other "n't" is "not": "Can't add
///   annotations?" names the query "cannot add annotations" (the tokenizer splits "can't" into
///   "can", a stop word, and "t", which names nothing).
/// - Two adjacent query words name a title word that is the two joined: "log out" names
///   "Configure automatic logout", "set up" names "Setup".
///
/// ```swift
/// NamingWords.tokens(of: "Can't add annotations?")   // ["cannot", "add", "annotations"]
/// NamingWords.queryTokens(of: "don't")                // ["not"]
/// ```
enum NamingWords {
  /// The tokens of `text` (a title or a summary) that can name a query's words, in order.
  static func tokens(of text: String) -> [String] {
    read(SpellingCorrector.tokens(of: text)).filter { !StopWords.words.contains($0) }
  }

  /// The tokens of one query word, contractions read in full ("can't" → "cannot").
  static func queryTokens(of word: String) -> [String] {
    let tokens = read(SpellingCorrector.tokens(of: word))
    let meaningful = tokens.filter { !StopWords.words.contains($0) }
    return meaningful.isEmpty ? tokens : meaningful
  }

  /// `tokens` with negative contractions and "can not" in full.
  private static func read(_ tokens: [String]) -> [String] {
    var read: [String] = []
    for token in tokens {
      guard let previous = read.last else {
        read.append(token)
        continue
      }
      if previous == "can", token == "t" || token == "not" {
        read[read.count - 1] = "cannot"
      } else if token == "t", previous.count > 1, previous.hasSuffix("n") {
        // "didn't", "doesn't", "won't": the verb says little, the negation much.
        read[read.count - 1] = "not"
      } else {
        read.append(token)
      }
    }
    return read
  }

  /// Whether the query words `first` and `second` (single tokens), written together, are
  /// one of `words`: "log" and "out" are "logout".
  static func joined(_ first: String, _ second: String, in words: Set<String>) -> Bool {
    guard !first.isEmpty, !second.isEmpty else { return false }
    let compound = first + second
    return words.contains { $0 == compound || WordStem.of($0) == WordStem.of(compound) }
  }
}

/// The words of one page's title (or summary) with their stems (`WordStem.of`), kept with the
/// index: ranking compares a query with thousands of titles, and stemming each title word for
/// each query took most of the time of a query of many words.
///
/// ```swift
/// let title = StemmedWords(["annotations", "print"])
/// title.isNamed(by: StemmedWords.Token("annotated"))   // true: "annot" starts "annot"
/// ```
struct StemmedWords: Sendable {
  /// A query token and its stem.
  struct Token {
    let text: String
    let stem: String
    /// `text` and `stem` in a `WordFilter`, hashed once for every title compared.
    fileprivate let filter: WordFilter
    init(_ text: String) {
      self.text = text
      stem = WordStem.of(text)
      filter = WordFilter([text, stem])
    }
  }

  private let words: [String]
  private let stems: [String]
  /// The words and their stems, for `contains(compound:)`: a query of many words asks it of
  /// every page it could list.
  private let known: WordFilter

  /// How many words there are.
  var count: Int { words.count }

  init(_ words: Set<String>) {
    self.words = Array(words)
    stems = self.words.map(WordStem.of)
    known = WordFilter(self.words + stems)
  }

  /// Whether `token` names one of the words (`WordStem.matches`).
  func isNamed(by token: Token) -> Bool {
    words.indices.contains { words[$0].hasPrefix(token.text) || stems[$0].hasPrefix(token.stem) }
  }

  /// How many of the words one of `tokens` names (`WordStem.matches`).
  func countNamed(by tokens: [Token]) -> Int {
    words.indices.count { index in
      tokens.contains { words[index].hasPrefix($0.text) || stems[index].hasPrefix($0.stem) }
    }
  }

  /// Whether one of the words is `compound`, two query words written together, or shares its
  /// stem (`NamingWords.joined`).
  func contains(compound: Token) -> Bool {
    guard known.mayHold(compound.filter) else { return false }
    return words.indices.contains { words[$0] == compound.text || stems[$0] == compound.stem }
  }
}

/// A set of words as 256 bits, one a word by its hash: when two filters share no bit, no word
/// of one is a word of the other (equal strings hash equally), and that is known without
/// comparing the words. Most titles hold none of a query's compounds.
private struct WordFilter {
  private var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  init(_ words: [String]) {
    for word in words {
      let bit = UInt64(truncatingIfNeeded: word.hashValue) & 255
      let mask: UInt64 = 1 << (bit & 63)
      switch bit >> 6 {
      case 0: bits.0 |= mask
      case 1: bits.1 |= mask
      case 2: bits.2 |= mask
      default: bits.3 |= mask
      }
    }
  }

  /// Whether a word of `other` may be one of these.
  func mayHold(_ other: WordFilter) -> Bool {
    bits.0 & other.bits.0 != 0 || bits.1 & other.bits.1 != 0 || bits.2 & other.bits.2 != 0
      || bits.3 & other.bits.3 != 0
  }
}
