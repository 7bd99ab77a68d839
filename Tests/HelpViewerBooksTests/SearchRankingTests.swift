import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// Search people can trust (issue 19.3), on a small manual written here: an all-in-one page
/// repeating two topic pages, a section whose heading names a function beside one that only
/// mentions it, whole words beside prefixes, misspellings, and snippets across blocks.
@Suite struct SearchRankingTests {
  static let cryptoSections = """
    <h2 id="crypto_createhash">crypto.createHash(algorithm[, options])</h2>
    <p>Creates and returns a Hash object for the given algorithm. The algorithm depends on the
    algorithms OpenSSL offers on the platform, such as sha256 and sha512, and recent releases of
    OpenSSL list them with openssl list -digest-algorithms.</p>
    <h2 id="class_hash">Class: Hash</h2>
    <p>createHash createHash createHash: createHash, createHash and createHash.</p>
    <h2 id="crypto_createhmac">crypto.createHmac(algorithm, key)</h2>
    <p>Creates and returns an Hmac object.</p>
    """
  static let eventsSections = """
    <h2 id="class_eventemitter">Class: EventEmitter</h2>
    <p>The EventEmitter class is defined and exposed by the events module.</p>
    <h2 id="emitter_on">emitter.on(eventName, listener)</h2>
    <p>Adds the listener to the end of the listeners array.</p>
    """

  func makeBook() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write("C/index.html", TestBook.page("Manual", "<h1>Manual</h1><p>Start here. Turn on sync.</p>"))
    try folder.write(
      "C/syncing.html",
      TestBook.page("Syncing notes", "<p>Notes travel between your devices, and each device keeps a copy.</p>"))
    try folder.write("C/crypto.html", TestBook.page("Crypto", Self.cryptoSections))
    try folder.write("C/events.html", TestBook.page("Events", Self.eventsSections))
    try folder.write(
      "C/all.html",
      TestBook.page(
        "All in one",
        "<h1>Every page</h1><p>This page holds the whole onepagemanual.</p>" + Self.cryptoSections
          + Self.eventsSections))
    try folder.write(
      "C/reading.html",
      TestBook.page(
        "Input",
        """
        <h2 id="streams">Streams</h2>
        <p>Readable streams, readers and readings: a readable reader reads readables.</p>
        <h2 id="files">Files</h2>
        <p>Open a file, then read it. Files can be large, so a program may want to look at the
        size of a file first and decide how to go on with the rest of the file and its parts.</p>
        """))
    try folder.write(
      "C/notes.html",
      TestBook.page(
        "Notes",
        """
        <h2 id="features">Features</h2>
        <ul><li>Quick capture</li><li>Autosave and undo</li></ul>
        <div class="title">Organizing notes</div><p>Tags keep notes in order.</p>
        """))
    return folder
  }

  func index() throws -> (SearchIndex, TemporaryFolder) {
    let folder = try makeBook()
    return (try SearchIndex(book: HelpBook(folder: folder.url, languages: [])), folder)
  }

  /// The section ids for `text` by plain bm25 (weights, no tiers, no duplicates removed).
  func plainOrder(_ index: SearchIndex, _ text: String) throws -> [String?] {
    let match = try #require(SearchQuery.match(for: text))
    return try index.connection.withLock { connection throws in
      let statement = try connection.prepare("SELECT section FROM sections WHERE sections MATCH ?1 ORDER BY rank")
      try statement.bind(match, at: 1)
      var sections: [String?] = []
      while try statement.step() { sections.append(statement.text(at: 0)) }
      return sections
    }
  }

  @Test func identicalSectionsAreListedOnceFromTheMostSpecificPage() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    let results = try index.search("EventEmitter")
    #expect(results.map(\.pageID) == ["events"], "all.html's copy is not listed")
    #expect(results.first?.sectionID == "class_eventemitter")
    let hash = try index.search("algorithm")
    #expect(hash.map(\.pageID) == ["crypto"], "one entry for the page, not all.html's copy")
    let sections = hash.flatMap { [$0.sectionID] + $0.otherSections.map(\.sectionID) }
    #expect(Set(sections) == ["crypto_createhash", "crypto_createhmac"], "\(sections)")
    // A section only the all-in-one page has is still found there.
    #expect(try index.search("onepagemanual").map(\.pageID) == ["all"])
  }

  @Test func aHeadingNamingTheQueryRanksAboveMentions() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    let results = try index.search("createHash")
    #expect(results.map(\.sectionID) == ["crypto_createhash"], "\(results.map(\.sectionID))")
    #expect(results.first?.otherSections.map(\.sectionID) == ["class_hash"], "the mentions are the page's others")
    #expect(try plainOrder(index, "createHash").first == "class_hash", "bm25 alone puts the mentions first")
    #expect(try index.search("createHa").first?.sectionID == "crypto_createhash", "a prefix of the heading too")
  }

  @Test func exactWordsRankAbovePrefixes() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    let results = try index.search("read")
    #expect(results.map(\.sectionID) == ["files"], "\(results.map(\.sectionID))")
    #expect(results.first?.otherSections.map(\.sectionID) == ["streams"])
    #expect(try plainOrder(index, "read").first == "streams", "bm25 alone puts the prefixes first")
  }

  @Test func aTitleOrHeadingStartingWithTheWordRanksAboveAMention() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    #expect(try index.search("sync").map(\.pageID) == ["syncing", "index"])
  }

  @Test func aMisspeltWordIsCorrectedFromTheBooksOwnWords() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    let answer = try index.answer("eventemiter")
    #expect(answer.correctedQuery == "eventemitter")
    #expect(answer.results.first?.sectionID == "class_eventemitter")
    #expect(try index.search("eventemiter").first?.pageID == "events", "search corrects too")
    let two = try index.answer("crypto.createHsh algoritm")
    #expect(two.correctedQuery == "crypto createhash algorithm", "each token of each word")
    #expect(two.results.first?.sectionID == "crypto_createhash")
    // The words as typed: what the "search for the original" link asks for.
    let original = try index.answer("eventemiter", correcting: false)
    #expect(original.correctedQuery == nil && original.results.isEmpty)
  }

  @Test func noCorrectionWithoutAMisspellingOrACloseWord() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    #expect(try index.answer("xqzvkwj").correctedQuery == nil)
    #expect(try index.answer("xqzvkwj").results.isEmpty)
    let half = try index.answer("eventemiter xqzvkwj")
    #expect(half.correctedQuery == "eventemitter xqzvkwj", "one word has no close word: left as typed")
    #expect(half.results.first?.pageID == "events", "the other still finds")
    #expect(try index.answer("createHash").correctedQuery == nil, "found as typed")
    #expect(try index.answer("creat").correctedQuery == nil, "a prefix of a word is no misspelling")
    #expect(try index.answer("zq").correctedQuery == nil, "too short to correct")
    // Both words exist, just not together: nothing is corrected.
    #expect(try index.answer("eventemitter algorithm").correctedQuery == nil)
    // Hostile and huge text is only words.
    for text in ["\"bufer* NEAR(", String(repeating: "eventemiterx ", count: 10_000), "é\u{0}\u{E000}"] {
      _ = try index.answer(text)
    }
  }

  @Test func snippetsKeepBlocksApart() throws {
    let (index, folder) = try index()
    defer { folder.remove() }
    let result = try #require(try index.search("autosave").first)
    #expect(
      result.snippetText.contains("Quick capture · Autosave and undo · Organizing notes · Tags"),
      "\(result.snippetText)")
    #expect(!result.snippetHTML.contains("\n"))
  }

  @Test func editDistanceCountsSwapsAndStopsAtTheLimit() {
    func distance(_ a: String, _ b: String, _ limit: Int = 3) -> Int? {
      SpellingCorrector.distance(Array(a.unicodeScalars), Array(b.unicodeScalars), atMost: limit)
    }
    #expect(distance("bufer", "buffer") == 1)
    #expect(distance("hte", "the") == 1)
    #expect(distance("kitten", "sitting") == 3)
    #expect(distance("kitten", "sitting", 2) == nil)
    #expect(distance("", "abc") == 3)
    let corrector = SpellingCorrector(terms: [("buffer", 120), ("buffet", 2), ("eventemitter", 40)])
    #expect(corrector.correction(of: "bufer") == "buffer", "the more common of two equally close words")
    #expect(corrector.correction(of: "buff") == nil)
    #expect(corrector.correction(of: "Büfer") == "buffer")
    #expect(SpellingCorrector.tokens(of: "Class: fs.ReadStream_2") == ["class", "fs", "readstream", "2"])
    #expect(SpellingCorrector.tokens(of: "Résumé: fs.ReadStream") == ["resume", "fs", "readstream"])
    #expect(SpellingCorrector.tokens(of: "*?!") == [])
  }
}
