import Foundation
import HelpViewerBooks
import HelpViewerCore

/// The search indexes of the books searched in this process, one per book as shown (its
/// language chain is part of the book, so the index holds one language): built off the main
/// thread once, on the first search or by `HelpViewerEngine.prepareSearch(_:)`, then kept.
///
/// ```swift
/// let index = try await SearchIndexes.prepare(book)   // builds once; later calls wait or return it
/// SearchIndexes.index(for: book)?.search("sync")      // nil until built
/// ```
@MainActor
enum SearchIndexes {
  private static var ready: [HelpBook: SearchIndex] = [:]
  private static var building: [HelpBook: Task<SearchIndex, any Error>] = [:]
  /// How a book's index is built: `SearchIndex.build(book:)`, what every build runs. A test
  /// that decides when builds finish wraps it (`@testable`); `reset()` puts it back.
  static var builder: @MainActor (HelpBook) async throws -> SearchIndex = defaultBuilder

  /// `SearchIndex.build(book:)`, the builder of every index a host's process makes.
  static let defaultBuilder: @MainActor (HelpBook) async throws -> SearchIndex = { book in
    try await SearchIndex.build(book: book)
  }

  /// The index of `book`, when it is built.
  static func index(for book: HelpBook) -> SearchIndex? { ready[book] }

  /// Whether `book`'s index is being built now.
  static func isBuilding(_ book: HelpBook) -> Bool { building[book] != nil }

  /// What waiters of a build get when `drop()` cancelled it.
  static let dropped = LoadError(.other, details: "The search index was dropped while it was being built.")

  /// Builds `book`'s index off the main thread (once), or returns it when it is built. Throws
  /// `dropped` when `drop()` cancelled the build meanwhile: its index is not kept.
  static func prepare(_ book: HelpBook) async throws(LoadError) -> SearchIndex {
    if let index = ready[book] { return index }
    let build = builder
    let task = building[book] ?? Task { () async throws -> SearchIndex in try await build(book) }
    building[book] = task
    let result: Result<SearchIndex, any Error>
    do {
      result = .success(try await task.value)
    } catch {
      result = .failure(error)
    }
    // Several callers may wait for one build: the first to resume settles it.
    let isCurrent = building[book] == task
    if isCurrent { building[book] = nil }
    switch result {
    case .success(let index):
      if let kept = ready[book] { return kept }
      guard isCurrent else { throw dropped }
      ready[book] = index
      return index
    case .failure(let error):
      if task.isCancelled, !isCurrent { throw dropped }
      throw (error as? LoadError)
        ?? LoadError(.cannotShowContent, url: book.root.path, details: "The search index could not be built: \(error)")
    }
  }

  /// Forgets every index (their memory goes back) and cancels the builds in progress: their
  /// threads stop, and what they built is not kept.
  static func drop() {
    for task in building.values { task.cancel() }
    building.removeAll()
    ready.removeAll()
  }
}
