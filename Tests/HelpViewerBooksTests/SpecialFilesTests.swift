import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

#if canImport(Glibc)
  import Glibc
#endif

/// A book folder holding a named pipe where a page should be: the index skips it with an error
/// instead of waiting forever for a writer.
@Suite struct SpecialFilesTests {
  @Test func aNamedPipeAmongThePagesIsSkipped() throws {
    let folder = try TestBook.make()
    defer { folder.remove() }
    try #require(mkfifo(folder.url.appendingPathComponent("C/pipe.html").path, 0o644) == 0)
    let index = try SearchIndex(book: HelpBook(folder: folder.url))
    #expect(index.skippedPages["pipe"]?.details == "Not a regular file.")
    #expect(try index.search("conflicts").first?.pageID == "sync", "the other pages are indexed")
  }
}
