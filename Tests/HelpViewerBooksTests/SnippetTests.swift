import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// `Snippet` makes the snippet FTS5's `snippet(sections, 2, open, close, '…', 16)` makes, from
/// the text alone: compared here with SQLite's own on texts made to reach each of its rules
/// (sentence starts, centring, repeated and overlapping words, words of several tokens,
/// accents, the ends of the text).
@Suite struct SnippetTests {
  /// The words texts and queries are made of: prefixes of each other, a word of two tokens, an
  /// accented one, and punctuation that starts sentences or not.
  static let vocabulary = [
    "stream", "streams", "streaming", "pipe", "pipeline", "buffer", "fs.readFile", "readFileSync", "résumé",
    "resume", "the", "a", "of", "to", "node", "event", "emitter", "Écrire", "x", "42",
  ]
  static let separators = [" ", " ", " ", " ", ". ", ": ", ", ", "\n", " · ", ".", " — ", ":\n", "  "]

  /// A deterministic generator (Knuth's MMIX linear congruence, its high bits), so a failure
  /// can be run again.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 32 | state << 32
    }
  }

  @Test func randomTextsGetFTS5sSnippet() throws {
    let connection = try SQLiteConnection()
    try connection.execute(
      """
      CREATE VIRTUAL TABLE sections USING fts5(
        title, heading, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2');
      """)
    var generator = Generator(state: 32)
    var texts: [String] = []
    for row in 1...400 {
      let length = [0, 1, 3, 15, 16, 17, 30, 80, 300][Int.random(in: 0..<9, using: &generator)]
      var text = Bool.random(using: &generator) ? "" : Self.separators.randomElement(using: &generator) ?? ""
      for _ in 0..<length {
        text +=
          (Self.vocabulary.randomElement(using: &generator) ?? "")
          + (Self.separators.randomElement(using: &generator) ?? "")
      }
      texts.append(text)
      let insert = try connection.prepare("INSERT INTO sections(rowid, title, heading, body) VALUES (?1, 'T', 'H', ?2)")
      try insert.bind(row, at: 1)
      try insert.bind(text, at: 2)
      _ = try insert.step()
    }
    var compared = 0
    for row in 1...400 {
      let count = Int.random(in: 1...4, using: &generator)
      var words = (0..<count).map { _ in Self.vocabulary.randomElement(using: &generator) ?? "" }
      if Bool.random(using: &generator), let word = words.first {
        words[0] = String(word.prefix(max(1, word.count - 2)))
      }
      let match = words.compactMap(SearchQuery.match(for:)).joined(separator: " OR ")
      let statement = try connection.prepare(
        "SELECT snippet(sections, 2, '[', ']', '…', 16) FROM sections WHERE sections MATCH ?1 AND rowid = ?2")
      try statement.bind(match, at: 1)
      try statement.bind(row, at: 2)
      // A row the words do not occur in has no FTS5 snippet: the title "T" is never a word.
      guard try statement.step(), let expected = statement.text(at: 0) else { continue }
      let made = Snippet.marked(
        texts[row - 1], words: words.map(SpellingCorrector.tokens(of:)), open: "[", close: "]")
      #expect(made == expected, "row \(row), words \(words), text \(texts[row - 1].debugDescription)")
      compared += 1
    }
    #expect(compared > 150, "\(compared) rows compared")
  }

  @Test func aLongTextsSnippetIsTheWindowWithTheMostWordsMarked() {
    let text =
      "Intro words here. " + String(repeating: "filler ", count: 40)
      + "A stream can pipe data. " + String(repeating: "more ", count: 40) + "The stream ends."
    let marked = Snippet.marked(text, words: [["stream"], ["pipe"]], open: "[", close: "]", tokens: 8)
    #expect(marked.contains("[stream] can [pipe]"), "\(marked)")
    #expect(marked.hasPrefix("…") && marked.hasSuffix("…"), "text left out on both sides: \(marked)")
    #expect(!marked.contains("ends"), "one window: \(marked)")
  }

  @Test func aWordOfSeveralTokensIsMarkedAsOneAndItsLastTokenAsAPrefix() {
    let text = "Use fs.readFileSync(path) to read a file, or fs.readFile for callbacks."
    let marked = Snippet.marked(text, words: [["fs", "readfiles"]], open: "[", close: "]")
    #expect(marked == "Use [fs.readFileSync](path) to read a file, or fs.readFile for callbacks.", "\(marked)")
  }

  @Test func accentsAndCaseAreFoldedAsTheIndexFoldsThem() {
    let marked = Snippet.marked("Mon Résumé et mon CV", words: [["resume"]], open: "[", close: "]")
    #expect(marked == "Mon [Résumé] et mon CV", "\(marked)")
  }

  @Test func withoutAMatchTheTextsStartIsShown() {
    let marked = Snippet.marked("one two three four five", words: [["six"]], open: "[", close: "]", tokens: 3)
    #expect(marked == "one two three…", "\(marked)")
    #expect(Snippet.marked("", words: [["six"]], open: "[", close: "]").isEmpty)
    // No token at all: the text as it is, as FTS5 shows it.
    #expect(Snippet.marked("— · —", words: [["six"]], open: "[", close: "]") == "— · —")
  }

  @Test func whetherTheWordsOccur() {
    #expect(Snippet.holds([["stream"]], in: "Piping Streams."))
    #expect(Snippet.holds([["fs", "readfile"]], in: "call fs.readFileSync()"))
    #expect(!Snippet.holds([["fs", "readfile"]], in: "fs then readFile"))
    #expect(!Snippet.holds([["pipe"]], in: "a stream"))
  }
}
