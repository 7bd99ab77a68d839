import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// Ranking rules for API references of many modules (issue 32, the Python library reference),
/// each on a small book made here in Sphinx's forms: a module page titled
/// "name — what it does", its definitions as sections (`class multiprocessing.pool.Pool(…)`).
@Suite struct SearchModuleRulesTests {
  func index(_ pages: [String: (title: String, body: String)]) throws -> (SearchIndex, TemporaryFolder) {
    let folder = try TemporaryFolder()
    for (id, page) in pages { try folder.write("C/\(id).html", TestBook.page(page.title, page.body)) }
    return (try SearchIndex(book: HelpBook(folder: folder.url, languages: [])), folder)
  }

  /// A page first found by a section whose title holds one word and heading the other ("process
  /// pool": the title "Process-based parallelism", the heading `multiprocessing.pool.Pool`), whose
  /// heading also names every word as a prefix (`Pool(processes)`), ranks as a page with a
  /// heading naming them, and its title naming "process" puts it above a page with such a
  /// heading only.
  @Test func aHeadingNamingTheWordsCountsThoughTheTitleFoundThePageFirst() throws {
    let (index, folder) = try index([
      "multiprocessing": (
        "multiprocessing — Process-based parallelism",
        """
        <h1>multiprocessing — Process-based parallelism</h1><p>Run work in other programs.</p>
        <dl class="py class"><dt class="sig sig-object py" id="multiprocessing.pool.Pool">class
        multiprocessing.pool.Pool(processes)</dt><dd><p>A pool of workers.</p></dd></dl>
        """
      ),
      "eventloop": (
        "Event loop",
        """
        <h1>Event loop</h1><p>The loop runs tasks.</p>
        <h2 id="executors">Executing code in thread or process pools</h2><p>Run blocking code elsewhere.</p>
        """
      ),
    ])
    defer { folder.remove() }
    let results = try index.search("process pool")
    #expect(results.map(\.pageID) == ["multiprocessing", "eventloop"], "\(results.map(\.pageID))")
    #expect(results.first?.sectionID == "multiprocessing.pool.Pool")
  }
}
