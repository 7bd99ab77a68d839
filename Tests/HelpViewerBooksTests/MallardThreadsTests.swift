import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// Mallard rendering off the main thread: the read confinement belongs to the thread inside
/// `ReadConfinement.run` (another thread is neither confined by it nor free of its own), and
/// pages rendered on the renderer's queue are the pages rendered in place; the books' caches
/// the renderer keeps are bounded.
@Suite struct MallardThreadsTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/MallardBook", isDirectory: true)
  static var hasYelpXSL: Bool {
    FileManager.default.fileExists(atPath: "/usr/share/yelp-xsl/xslt/mallard/html/mal2html.xsl")
  }

  /// A stylesheet whose output is the text of the document at `address` in brackets.
  static func reading(_ address: String) -> String {
    """
    <xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="1.0">
    <xsl:output method="text"/>
    <xsl:template match="/">[<xsl:value-of select="document('\(address)')"/>]</xsl:template>
    </xsl:stylesheet>
    """
  }

  @Test(.timeLimit(.minutes(1))) func theConfinementBelongsToTheThreadInsideRun() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let first = try folder.write("first/doc.xml", "<d>FIRST</d>")
    let second = try folder.write("second/doc.xml", "<d>SECOND</d>")
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    final class Seen: @unchecked Sendable {
      var ownFile: Bool?
      var otherFile: Bool?
      var afterOtherThread: String?
    }
    let seen = Seen()
    let firstFolder = folder.url.appendingPathComponent("first")
    Thread.detachNewThread {
      try? ReadConfinement.run(allowing: [firstFolder]) { _ in
        entered.signal()
        release.wait()  // Held open while the test's thread reads.
        seen.ownFile = ReadConfinement.permits(first.path)
        seen.otherFile = ReadConfinement.permits(second.path)
        seen.afterOtherThread = XSLTransform.run(
          stylesheet: Self.reading(second.absoluteString), on: "<a/>", allowing: [firstFolder])
      }
      finished.signal()
    }
    entered.wait()
    // While the other thread is confined to `first`, this one is not confined at all…
    #expect(ReadConfinement.permits(second.path))
    #expect(ReadConfinement.permits("/etc/passwd"))
    // …and a render here is confined to its own folder, not to the other thread's.
    let secondFolder = folder.url.appendingPathComponent("second")
    #expect(
      XSLTransform.run(stylesheet: Self.reading(second.absoluteString), on: "<a/>", allowing: [secondFolder])
        == "[SECOND]")
    let leaked = XSLTransform.run(stylesheet: Self.reading(first.absoluteString), on: "<a/>", allowing: [secondFolder])
    #expect(leaked?.contains("FIRST") != true, "\(leaked ?? "nil")")
    release.signal()
    finished.wait()
    #expect(seen.ownFile == true)
    #expect(seen.otherFile == false)
    #expect(seen.afterOtherThread?.contains("SECOND") != true, "\(seen.afterOtherThread ?? "nil")")
  }

  @Test(.enabled(if: hasYelpXSL)) func pagesRenderedInTheBackgroundAreThePagesRenderedInPlace() async throws {
    let book = try HelpBook(folder: Self.fixture, languages: [])
    let pages = book.pages()
    #expect(pages.count >= 3)
    // Several at once, from tasks and from a thread of their own, as viewers and a host may.
    let inPlace = Thread.detachNewThreadResult { pages.map { try? $0.html() } }
    let background = await withTaskGroup(of: (Int, Data?).self) { group in
      for (number, page) in pages.enumerated() {
        group.addTask { (number, try? await page.renderedHTML()) }
      }
      var found = [Data?](repeating: nil, count: pages.count)
      for await (number, html) in group { found[number] = html }
      return found
    }
    #expect(background.allSatisfy { $0 != nil && $0?.isEmpty == false })
    #expect(background.map(Nonces.removed) == (await inPlace.value).map(Nonces.removed))
    #expect(String(decoding: background[0] ?? Data(), as: UTF8.self).contains("<html"))
  }

  @Test(.enabled(if: hasYelpXSL)) func onlyTheLastFewBooksCachesAreKept() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var books: [HelpBook] = []
    for number in 0...MallardRenderer.keptCaches {
      let copy = folder.url.appendingPathComponent("book-\(number)")
      try FileManager.default.copyItem(at: Self.fixture, to: copy)
      books.append(try HelpBook(folder: copy, languages: []))
    }
    // A renderer of its own: tests running at the same time render with the shared one.
    let renderer = MallardRenderer()
    for book in books { #expect(try renderer.html(of: book.page(id: "sync"), in: book).isEmpty == false) }
    #expect(renderer.cachedBooks == Array(books.dropFirst()), "the least recently used book's cache went")
    // The first book renders again (its cache made anew), a page it had not shown yet, whose
    // trail names the index by the title the cache holds.
    let share = String(decoding: try renderer.html(of: books[0].page(id: "share"), in: books[0]), as: UTF8.self)
    #expect(share.contains("index.html"), "guide links come from the cache")
    #expect(renderer.cachedBooks == Array(books.dropFirst(2)) + [books[0]])
  }

  @Test func aMissingRendererFailsTheBackgroundRenderToo() async throws {
    let missing = URL(fileURLWithPath: "/nonexistent/yelp-xsl-\(UUID().uuidString)")
    let book = try HelpBook(folder: Self.fixture, languages: [], stylesheets: missing)
    let page = try book.page(id: "index")
    page.prepare()  // Fails quietly in the background.
    let error = await #expect(throws: LoadError.self) { try await page.renderedHTML() }
    #expect(error?.kind == .helpRendererMissing)
    #expect(throws: LoadError.self) { try book.checkRenderer() }
  }
}

extension Thread {
  /// Runs `body` on a new thread; its result arrives through the task.
  fileprivate static func detachNewThreadResult<T: Sendable>(_ body: @escaping @Sendable () -> T) -> Task<T, Never> {
    Task {
      await withCheckedContinuation { done in
        Thread.detachNewThread { done.resume(returning: body()) }
      }
    }
  }
}
