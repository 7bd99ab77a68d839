/// The words a query searches for, as a person means them: stop words ("my", "the", "to")
/// count for nothing, a word the book does not hold in that form is searched by its stem
/// ("takes" → "take") or corrected against the book's own words ("subproces" → "subprocess"),
/// and nothing else is changed.
///
/// Rules, each word on its own:
/// - a stop word is never corrected, and is not required (unless the query is only stop words);
/// - a word some term of the book starts with is searched as typed, except that a word that is
///   no term itself and is one letter short of one (6 letters or more) is corrected to it: a
///   longer word of the same stem (`subproces` → `subprocess`);
/// - a word no term starts with is searched by its stem when the book holds that (silently:
///   "takes" is no misspelling of "take"), else corrected to the closest term
///   (`SpellingCorrector`; when another word of the query is in the book, only a slip of the
///   keyboard is corrected: one letter missing, doubled or two swapped, not a letter replaced —
///   a real word the book lacks, "hide" or "export", is a letter or two replaced away from one
///   it holds, "wide" or "report"), else left as typed (it matches nothing, and the others
///   still find).
///
/// ```swift
/// let words = QueryWords("scan takes too long", corrector: corrector, correcting: true)
/// words.required   // ["scan", "take", "long"]
/// words.corrected  // nil: nothing was corrected
/// ```
struct QueryWords {
  /// Each word as searched, in order (stop words included).
  let searched: [String]
  /// The words a result must match (the searched words without stop words; all of them when
  /// they are all stop words).
  let required: [String]
  /// The query as searched, when a word was corrected; `nil` otherwise.
  let corrected: String?

  init(_ text: String, corrector: SpellingCorrector, correcting: Bool) {
    var searched: [String] = []
    var required: [String] = []
    var changed = false
    let typed = SearchQuery.words(of: text)
    let othersFound = typed.filter { !StopWords.contains($0) && !corrector.needsCorrection($0) }.count
    for word in typed {
      if StopWords.contains(word) {
        searched.append(word)
        continue
      }
      var chosen = word
      if !corrector.needsCorrection(word) {
        if correcting, let longer = corrector.longerWord(for: word) {
          chosen = longer
          changed = true
        }
      } else if let stem = Self.stems(of: word).first(where: { !corrector.needsCorrection($0) }) {
        chosen = stem
      } else if correcting,
        let correction = corrector.correction(
          of: word, maximumDistance: othersFound > 0 ? 1 : nil, substitutions: othersFound == 0)
      {
        chosen = correction
        changed = true
      }
      searched.append(chosen)
      required.append(chosen)
    }
    self.searched = searched
    self.required = required.isEmpty ? searched : required
    self.corrected = changed ? searched.joined(separator: " ") : nil
  }

  /// The text of the required words, for the FTS5 queries.
  var requiredText: String { required.joined(separator: " ") }

  /// English inflections of `word` to try when the book does not hold it: plural and verb
  /// endings removed ("takes" → "take", "copies" → "copy", "copied" → "copy", "renamed" →
  /// "rename"), in that order of preference. Only for
  /// words of one token of letters, and stems of 3 letters or more.
  static func stems(of word: String) -> [String] {
    let tokens = SpellingCorrector.tokens(of: word)
    guard tokens.count == 1, let token = tokens.first, token.allSatisfy(\.isLetter) else { return [] }
    var stems: [String] = []
    for (suffix, replacement) in [
      ("ies", "y"), ("s", ""), ("es", ""), ("ing", ""), ("ing", "e"), ("ied", "y"), ("ed", ""), ("ed", "e"),
      ("ly", ""),
    ] where token.hasSuffix(suffix) {
      let stem = String(token.dropLast(suffix.count)) + replacement
      if stem.count >= 3 { stems.append(stem) }
    }
    return stems
  }
}

/// English words that say nothing about what a page is about: articles, pronouns and their
/// possessives, auxiliaries, the commonest prepositions and conjunctions, question words.
/// "no", "not", "on", "off", "all" are not among them: "no sound", "turn off", "for all users"
/// mean something.
enum StopWords {
  static let words: Set<String> = [
    "a", "an", "the", "to", "of", "in", "for", "with", "from", "by", "at", "as", "into", "about", "and", "or",
    "i", "me", "my", "mine", "we", "us", "our", "you", "your", "yours", "he", "him", "his", "she", "her", "it",
    "its", "they", "them", "their", "this", "that", "these", "those", "is", "are", "was", "were", "be", "been",
    "am", "do", "does", "did", "can", "could", "will", "would", "should", "shall", "may", "might", "must",
    "how", "what", "why", "when", "where", "which", "who", "too", "very", "so", "there", "here", "just", "some",
    "any", "if", "than", "then",
  ]

  /// Whether `word` (any case) is a stop word.
  static func contains(_ word: String) -> Bool { words.contains(word.lowercased()) }
}
