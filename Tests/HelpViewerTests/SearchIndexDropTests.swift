import Foundation
import HelpViewerBooks
import HelpViewerCore
import XCTest

@testable import HelpViewer

#if canImport(Glibc)
  import Glibc
#endif

/// `HelpViewerEngine.dropSearchIndexes()` cancels the builds in progress: what they built is
/// not put back afterwards. The first page is a named pipe, which holds the build until the
/// test writes to it, so the drop surely comes while the build runs.
final class SearchIndexDropTests: GtkTestCase {
  func testDroppingDuringABuildKeepsNothingAndTheNextSearchBuildsAgain() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let pipe = folder.appendingPathComponent("C/aa-held.html")
      XCTAssertEqual(mkfifo(pipe.path, 0o600), 0, "mkfifo")
      let book = try HelpBook(folder: folder, languages: ["C"])

      var answer: Result<[SearchResult], LoadError>?
      Task { @MainActor in
        do throws(LoadError) {
          answer = .success(try await HelpViewerEngine.search("sync", in: book))
        } catch {
          answer = .failure(error)
        }
      }
      waitUntil("the build started") { SearchIndexes.isBuilding(book) }
      HelpViewerEngine.dropSearchIndexes()
      XCTAssertFalse(SearchIndexes.isBuilding(book), "the build is cancelled and forgotten")

      // The parser may be held in the first page, which it opened before the drop: let it
      // past, and the build ends (cancelled). If it had not got there yet, it stops before it.
      waitUntil("the search answered") {
        if answer == nil, case let writer = open(pipe.path, O_WRONLY | O_NONBLOCK), writer >= 0 {
          let page = Array(TestBook.page("Held", "<p>held</p>").utf8)
          XCTAssertEqual(write(writer, page, page.count), page.count)
          close(writer)
        }
        return answer != nil
      }
      guard case .failure(let error) = answer else {
        return XCTFail("expected the dropped error, got \(String(describing: answer))")
      }
      XCTAssertEqual(error, SearchIndexes.dropped)
      XCTAssertFalse(HelpViewerEngine.isSearchReady(book), "the dropped build put no index back")
      XCTAssertFalse(SearchIndexes.isBuilding(book))

      // The next search builds a new index.
      try FileManager.default.removeItem(at: pipe)
      var results: [SearchResult]?
      Task { @MainActor in results = try? await HelpViewerEngine.search("sync", in: book) }
      waitUntil("the next search answered") { results != nil }
      XCTAssertEqual(results?.first?.pageID, "sync")
      XCTAssertTrue(HelpViewerEngine.isSearchReady(book))
    }
  }
}
