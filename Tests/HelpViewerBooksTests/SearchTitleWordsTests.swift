import Foundation
import Testing

@testable import HelpViewerBooks

/// How a query's words meet a page's title (issue 32): a title's contractions, words a title
/// joins, a past tense the book does not hold, and a page found across its sections whose title
/// is mostly the query. Each on a small manual written here, where the rule decides the first
/// page.
@Suite struct SearchTitleWordsTests {
  /// A book of `pages` (file name, title, body), with two pages of filler that hold "document".
  func index(_ pages: [(String, String, String)]) throws -> (SearchIndex, TemporaryFolder) {
    let folder = try TemporaryFolder()
    for (name, title, body) in pages { try folder.write("C/\(name).html", TestBook.page(title, body)) }
    try folder.write("C/about.html", TestBook.page("About", "<p>This document is about the viewer.</p>"))
    try folder.write("C/credits.html", TestBook.page("Credits", "<p>The document was written by many.</p>"))
    return (try SearchIndex(book: HelpBook(folder: folder.url, languages: [])), folder)
  }

  @Test func contractionsAreReadInFull() {
    #expect(NamingWords.tokens(of: "Can't add annotations?") == ["cannot", "add", "annotations"])
    #expect(NamingWords.tokens(of: "You can not print") == ["cannot", "print"])
    #expect(NamingWords.tokens(of: "Why didn't the text copy?") == ["not", "text", "copy"])
    #expect(NamingWords.queryTokens(of: "can't") == ["cannot"])
    #expect(NamingWords.queryTokens(of: "the") == ["the"], "a stop word alone stays")
  }

  @Test func aTitleSayingCantNamesCannot() throws {
    // "cannot" is nowhere in the book; the title "I can't print a document" says it.
    let (index, folder) = try index([
      ("noprint", "I can't print a document", "<p>The author may forbid printing a PDF file.</p>"),
      ("convert", "Converting a document to PDF", "<p>Print to a PDF file.</p>"),
      ("printing", "Printing", "<p>Print a page. Print two pages.</p>"),
    ])
    defer { folder.remove() }
    let results = try index.search("cannot print a pdf")
    #expect(results.first?.pageID == "noprint", "\(results.map(\.pageID))")
  }

  @Test func wordsTypedApartNameATitleWordWrittenJoined() throws {
    let (index, folder) = try index([
      ("logout", "Automatic logout", "<p>Users are logged out after a while.</p>"),
      ("sessions", "Sessions", "<h2 id=\"end\">Log out</h2><p>Log out to end the session.</p>"),
    ])
    defer { folder.remove() }
    #expect(NamingWords.joined("log", "out", in: ["automatic", "logout"]))
    #expect(!NamingWords.joined("log", "in", in: ["automatic", "logout"]))
    // The heading "Log out" names both words; the title "Automatic logout" names them too.
    let results = try index.search("log out")
    #expect(results.map(\.pageID) == ["logout", "sessions"], "\(results.map(\.pageID))")
  }

  @Test func aPastTenseEndingInIedIsSearchedAsY() throws {
    #expect(QueryWords.stems(of: "copied").first == "copy")
    let (index, folder) = try index([
      ("copy", "Copy text", "<p>Select the text and copy it.</p>"),
      ("text", "Text", "<p>Text copies are made by the printer. Text and more text.</p>"),
    ])
    defer { folder.remove() }
    let answer = try index.answer("copied text")
    #expect(answer.correctedQuery == nil, "a stem is no correction")
    #expect(answer.results.first?.pageID == "copy", "\(answer.results.map(\.pageID))")
  }

  @Test func aTitleMostlyTheQueryRanksWithSectionsHoldingEveryWord() throws {
    // No section of "opening" holds "recent"; a section of "reload" holds every word.
    let (index, folder) = try index([
      ("opening", "Open a document", "<p>Click Open and pick a file.</p>"),
      ("reload", "Why does the document keep reloading?", "<p>A recent change to the open document reloads it.</p>"),
    ])
    defer { folder.remove() }
    let results = try index.search("open a recent document")
    #expect(results.map(\.pageID).prefix(2) == ["opening", "reload"], "\(results.map(\.pageID))")
    // A title naming the words less than mostly leaves the section first.
    let (other, otherFolder) = try self.index([
      ("opening", "Open a document in a new window or tab", "<p>Click Open and pick a file.</p>"),
      ("reload", "Why does the document keep reloading?", "<p>A recent change to the open document reloads it.</p>"),
    ])
    defer { otherFolder.remove() }
    #expect(try other.search("open a recent document").first?.pageID == "reload")
  }
}
