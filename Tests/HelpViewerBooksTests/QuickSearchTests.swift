import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// What keeps search quick on a large book and the dialog drawing while it is indexed: the
/// first letter typed, and the build's lower-priority threads.
@Suite struct QuickSearchTests {
  @Test func oneLetterListsHeadingsStartingWithItFirstThenEveryOtherPage() throws {
    let folder = try TestBook.make()
    defer { folder.remove() }
    let index = try SearchIndex(book: HelpBook(folder: folder.url, languages: []))
    #expect(SearchQuery.headingStart(for: " k ") == "heading : ^\"k\"*")
    #expect(SearchQuery.headingStart(for: "ki") == nil && SearchQuery.headingStart(for: "k i") == nil)
    #expect(SearchQuery.headingStart(for: "\"") == nil, "no word, no query")
    let results = try index.search("k", limit: 500)
    let places = results.map { "\($0.pageID)#\($0.sectionID ?? "")" }
    #expect(places.first == "hostile#kept", "the heading “Kept heading” starts with k")
    #expect(Set(results.map(\.pageID)).isSuperset(of: ["kiwi", "fruit", "sync"]), "and every other page")
    #expect(results.map(\.pageID).count == Set(results.map(\.pageID)).count, "each page once")
    #expect(results.dropFirst().allSatisfy { !$0.heading.lowercased().hasPrefix("k") })
    #expect(try index.search("k", limit: 2).count == 2)
    #expect(try index.search("K").map(\.pageID) == results.prefix(20).map(\.pageID), "case is ignored")
  }

  @Test func buildThreadsRunBelowTheCallersPriority() throws {
    final class Seen: @unchecked Sendable {
      let lock = NSLock()
      var values: [Int32] = []
    }
    let seen = Seen()
    let parent = BackgroundThreads.currentNice()
    BackgroundThreads.run(count: 3, niceness: SearchIndex.buildNiceness) { _ in
      let nice = BackgroundThreads.currentNice()
      seen.lock.withLock { seen.values.append(nice) }
    }
    #expect(seen.values == Array(repeating: min(parent + SearchIndex.buildNiceness, 19), count: 3))
    #expect(BackgroundThreads.currentNice() == parent, "the caller's own priority is untouched")
  }
}
