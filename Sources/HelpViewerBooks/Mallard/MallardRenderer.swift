import Foundation
import HelpViewerCXSLT
import HelpViewerCore

/// Renders the pages of Mallard help books to HTML in memory, as Yelp does, with yelp-xsl's
/// stylesheets through libxslt: first the book's cache (every page's `<info>`, for guide and
/// topic links), made once per book and held in memory; then the page asked for. Links between
/// pages come out as `PAGE.html` and `PAGE.html#section`, figures as the files' paths relative
/// to the page, so a book served at one address (the bundled scheme) needs no rewriting.
///
/// Nothing is written to disk, and nothing outside the book's folders and the stylesheets is
/// read (`ReadConfinement`). The most recently shown pages are kept.
///
/// Every page rendered gets a nonce on yelp-xsl's own scripts and style sheets, new each time
/// it is handed out (`RenderedPage`), for the Content-Security-Policy it is served with.
///
/// Rendering takes tens of milliseconds a page (the cache and the stylesheets more, once), so
/// viewers never render on the main thread: `prepare` starts a page on its book's queue
/// (`queue(for:)`) before it is asked for, and `page(of:in:)` answers a request from there.
/// Books render on queues of their own, so a slow page holds up only its own book's viewers,
/// and for `timeBudget` seconds at most: a page (with what it includes) larger than
/// `ReadConfinement.pageLimit`, or slower than the budget, fails with a `MallardRenderError`. Once a page is
/// shown, `prepareLinks(of:in:)` renders the pages it links to, one at a time behind whatever
/// a viewer asks for, so that following a link finds its page kept.
///
/// ```swift
/// let book = try HelpBook.installed(app: "zenity")
/// let html = try await book.page(id: "calendar").renderedHTML()   // MallardRenderer.shared
/// ```
final class MallardRenderer: @unchecked Sendable {
  /// The renderer of the process.
  static let shared = MallardRenderer()

  /// The queues where each book's pages are rendered, one at a time, in the order asked for.
  private static let queues = Locked<[HelpBook: DispatchQueue]>([:])

  /// The queue where `book`'s pages are rendered.
  static func queue(for book: HelpBook) -> DispatchQueue {
    queues.withLock { queues in
      if let queue = queues[book] { return queue }
      let queue = DispatchQueue(label: "HelpViewer.MallardRenderer.\(book.root.lastPathComponent)", qos: .userInitiated)
      queues[book] = queue
      return queue
    }
  }

  /// How long one page may take to render (and a book's cache to be made), in seconds.
  static let defaultTimeBudget: Double = 10
  private let budget = Locked(MallardRenderer.defaultTimeBudget)
  /// How long one page may take to render, in seconds (`defaultTimeBudget`; tests shorten it).
  var timeBudget: Double {
    get { budget.withLock { $0 } }
    set { budget.withLock { $0 = newValue } }
  }

  /// Each book's lock: one render of a book at a time (renders share the book's cache).
  private let bookLocks = Locked<[HelpBook: NSLock]>([:])
  /// Guards the books' caches.
  private let cachesLock = NSLock()
  /// Guards the pages kept (never held during a render, so a kept page is answered at once).
  private let keptLock = NSLock()
  /// Guards the pages waiting to be rendered ahead of a click (`prepareLinks`).
  private let linksLock = NSLock()

  private struct Key: Hashable {
    var book: HelpBook
    var page: String
  }

  /// A book's cache document, freed when the last render using it lets it go.
  private final class CacheDocument: @unchecked Sendable {
    let document: xmlDocPtr
    init(_ document: xmlDocPtr) { self.document = document }
    deinit { xmlFreeDoc(document) }
  }

  /// How many rendered pages are kept (the least recently shown go first).
  static let keptPages = 48

  /// How many of a page's links are rendered ahead of a click (the first, in the page's order).
  static let preparedLinks = 16

  /// How many books' caches are kept (the least recently used goes first).
  static let keptCaches = 4

  private var caches: [HelpBook: CacheDocument] = [:]
  private var cacheOrder: [HelpBook] = []
  private var kept: [Key: RenderedPage] = [:]
  private var keptOrder: [Key] = []
  private var linksWaiting: [HelpBookPage] = []
  private var renderingLinks = false
  private var linksAsked = 0
  private var linksGeneration = 0

  /// `page` of `book` rendered on its book's queue (or taken from those kept, at once), with a
  /// new nonce. Throws a `LoadError` (no yelp-xsl, a page that is not well-formed) or a
  /// `MallardRenderError` (too large, too slow, confinement lost).
  func page(of page: HelpBookPage, in book: HelpBook) async throws -> RenderedPage {
    if let done = keptPage(of: page, in: book) { return done.reissued() }
    dropWaitingLinks()  // The viewer went elsewhere than the links waiting.
    let result = await withCheckedContinuation { (done: CheckedContinuation<Result<RenderedPage, any Error>, Never>) in
      Self.queue(for: book).async {
        done.resume(returning: Result { try self.render(page, in: book) })
      }
    }
    return try result.get()
  }

  /// The HTML of `page` of `book`, rendered on its book's queue; errors as `LoadError`s
  /// (`MallardRenderError.loadError`).
  func html(of page: HelpBookPage, in book: HelpBook) async throws(LoadError) -> Data {
    do {
      return try await self.page(of: page, in: book).html
    } catch {
      throw Self.loadError(error)
    }
  }

  /// `error` as a `LoadError`: the one place a `MallardRenderError` becomes one.
  static func loadError(_ error: any Error) -> LoadError {
    if let error = error as? LoadError { return error }
    if let error = error as? MallardRenderError { return error.loadError }
    return LoadError(.other, details: "\(error)")
  }

  /// `page`'s HTML when it is kept (now the most recently used), else `nil`.
  func keptHTML(of page: HelpBookPage, in book: HelpBook) -> Data? {
    keptPage(of: page, in: book)?.html
  }

  private func keptPage(of page: HelpBookPage, in book: HelpBook) -> RenderedPage? {
    keptLock.withLock {
      let key = Key(book: book, page: page.id)
      guard let html = kept[key] else { return nil }
      if keptOrder.last != key {
        keptOrder.removeAll { $0 == key }
        keptOrder.append(key)
      }
      return html
    }
  }

  private func keep(_ page: RenderedPage, for key: Key) {
    keptLock.withLock {
      if kept.updateValue(page, forKey: key) == nil { keptOrder.append(key) }
      while keptOrder.count > Self.keptPages { kept[keptOrder.removeFirst()] = nil }
    }
  }

  /// Forgets the pages kept (for tests: the next request renders again).
  func forgetKept() {
    keptLock.withLock {
      kept.removeAll()
      keptOrder.removeAll()
    }
  }

  /// Starts rendering `page` of `book` on its book's queue, to be kept: the stylesheets and
  /// the book's cache are made on the way, so the page is ready, or nearly, when a viewer asks.
  func prepare(_ page: HelpBookPage, in book: HelpBook) {
    dropWaitingLinks()
    Self.queue(for: book).async { _ = try? self.render(page, in: book) }
  }

  /// Forgets the linked pages waiting to render (a page not among them is asked for, or the
  /// viewer closed; the one rendering now finishes).
  func dropWaitingLinks() {
    linksLock.withLock {
      linksWaiting.removeAll()
      linksGeneration += 1
    }
  }

  /// Starts rendering the pages that `page` (shown now) links to, to be kept: the first
  /// `preparedLinks` of them, in the page's order, each in the language the book shows it in.
  /// They wait behind what viewers ask for (one render at most runs ahead of a request); a
  /// request for a page not kept drops those still waiting, and a page shown later replaces
  /// them with its own.
  func prepareLinks(of page: HelpBookPage, in book: HelpBook) {
    let generation = linksLock.withLock {
      linksAsked += 1
      linksGeneration += 1
      return linksGeneration
    }
    Self.queue(for: book).async {
      defer { self.linksLock.withLock { self.linksAsked -= 1 } }
      guard let html = self.keptHTML(of: page, in: book) else { return }
      let pages = RenderedLinks.pages(
        RenderedLinks.pageIDs(in: html).filter { $0 != page.id }, limit: Self.preparedLinks,
        lookup: { try? book.page(id: $0) }, isKept: { self.keptHTML(of: $0, in: book) != nil })
      let start = self.linksLock.withLock {
        // Dropped or replaced since it was asked for: nothing to do.
        guard self.linksGeneration == generation else { return false }
        self.linksWaiting = pages
        defer { self.renderingLinks = true }
        return !self.renderingLinks
      }
      if start { self.renderNextLink() }
    }
  }

  /// Renders the next page waiting from `prepareLinks`, then queues itself again behind
  /// whatever was asked for meanwhile (one such chain at a time).
  private func renderNextLink() {
    let next: HelpBookPage? = linksLock.withLock {
      if linksWaiting.isEmpty {
        renderingLinks = false
        return nil
      }
      return linksWaiting.removeFirst()
    }
    guard let next, let book = next.book else { return }
    _ = try? render(next, in: book)
    Self.queue(for: book).async { self.renderNextLink() }
  }

  /// Whether pages from `prepareLinks` wait or render now (for tests).
  var isPreparingLinks: Bool { linksLock.withLock { renderingLinks || linksAsked > 0 } }

  /// A page kept: its id, and the nonce it was rendered with (a page rendered again is kept
  /// with a new one).
  struct KeptPage: Hashable {
    var id: String
    var nonce: String
  }

  /// The pages kept now, the least recently used first: read from what the renderer keeps
  /// anyway (`@testable`), nothing recorded for it.
  var keptPages: [KeptPage] {
    keptLock.withLock { keptOrder.compactMap { key in kept[key].map { KeptPage(id: key.page, nonce: $0.nonce) } } }
  }

  /// The HTML of `page` of `book`, rendered once and kept (taken from those kept when it is
  /// there), on the calling thread. Throws `.helpRendererMissing` without yelp-xsl,
  /// `.invalidPage` for a page that is not well-formed XML (with its file, line and column) or
  /// not Mallard, `MallardRenderError` for one too large or too slow.
  func html(of page: HelpBookPage, in book: HelpBook) throws(LoadError) -> Data {
    do {
      return try render(page, in: book).html
    } catch {
      throw Self.loadError(error)
    }
  }

  /// `page` of `book` rendered (or kept) with a new nonce, on the calling thread.
  func render(_ page: HelpBookPage, in book: HelpBook) throws -> RenderedPage {
    if let done = keptPage(of: page, in: book) { return done.reissued() }
    let lock = bookLocks.withLock { locks in
      if let lock = locks[book] { return lock }
      let lock = NSLock()
      locks[book] = lock
      return lock
    }
    lock.lock()
    defer { lock.unlock() }
    // Another render may have kept it while this one waited for the lock.
    if let done = keptPage(of: page, in: book) { return done.reissued() }
    let stylesheets = try ReadConfinement.run(allowing: [book.stylesheets], limit: .max) { _ in
      try MallardStylesheets.load(folder: book.stylesheets)
    }
    // One budget for the book's cache (when not made yet) and the page.
    let budget = timeBudget
    let deadline = DispatchTime.now() + budget
    let cache = try cacheDocument(of: book, with: stylesheets, for: page, deadline: deadline, budget: budget)
    let folders = book.folders.map(\.boundary) + [book.stylesheets]
    let result = try ReadConfinement.run(allowing: folders) { reads in
      try render(page, with: stylesheets, cache: cache.document, reads: reads, deadline: deadline, budget: budget)
    }
    keep(result, for: Key(book: book, page: page.id))
    return result
  }

  /// The books whose caches are kept now (for tests).
  var cachedBooks: [HelpBook] { cachesLock.withLock { cacheOrder } }

  /// Checks that `book` can be rendered: the stylesheets are there (they are parsed with the
  /// first page). Throws `.helpRendererMissing` when not.
  func check(_ book: HelpBook) throws(LoadError) {
    try MallardStylesheets.checkInstalled(in: book.stylesheets)
  }

  /// The book's Mallard cache: `mal-cache.xsl` applied to the list of its pages as shown, made
  /// by `deadline` (each page read at most `ReadConfinement.pageLimit`); out of time, `page`
  /// (asked for) is `tooSlow`. Call holding the book's lock.
  private func cacheDocument(
    of book: HelpBook, with stylesheets: MallardStylesheets, for page: HelpBookPage, deadline: DispatchTime,
    budget: Double
  ) throws -> CacheDocument {
    let known = cachesLock.withLock { () -> CacheDocument? in
      guard let cache = caches[book] else { return nil }
      cacheOrder.removeAll { $0 == book }
      cacheOrder.append(book)
      return cache
    }
    if let known { return known }
    let folders = book.folders.map(\.boundary) + [book.stylesheets]
    let cache = try ReadConfinement.run(allowing: folders, limit: .max, perPage: true) {
      _ throws -> CacheDocument in
      var list =
        #"<cache:cache xmlns:cache="http://projectmallard.org/cache/1.0/" xmlns="http://projectmallard.org/1.0/">"#
      for page in book.pages() where ReadConfinement.permits(page.fileURL.path) {  // No pipes.
        list += #"<page cache:href=""# + HTMLText.escape(page.fileURL.absoluteString) + #""/>"#
      }
      list += "</cache:cache>"
      let input = list.withCString { xmlReadMemory($0, Int32(strlen($0)), book.root.absoluteString, "UTF-8", 0) }
      guard let input else {
        throw LoadError(.cannotShowContent, url: book.root.path, details: "The list of the book's pages did not parse.")
      }
      defer { xmlFreeDoc(input) }
      switch XSLTransform.apply(input, with: stylesheets.cache, cache: nil, deadline: deadline) {
      case .result(let cache): return CacheDocument(cache)
      case .outOfTime: throw MallardRenderError.tooSlow(file: page.fileURL.path, seconds: budget)
      case .failed:
        throw LoadError(.cannotShowContent, url: book.root.path, details: "The Mallard cache of the book failed.")
      }
    }
    cachesLock.withLock {
      caches[book] = cache
      cacheOrder.append(book)
      // A render still using the oldest keeps it until it ends (`CacheDocument`).
      if cacheOrder.count > Self.keptCaches { caches[cacheOrder.removeFirst()] = nil }
    }
    return cache
  }

  private func render(
    _ page: HelpBookPage, with stylesheets: MallardStylesheets, cache: xmlDocPtr, reads: ReadConfinement.Reads,
    deadline: DispatchTime, budget: Double
  ) throws -> RenderedPage {
    let path = page.fileURL.path
    let source: Data
    do {
      source = try ReadConfinement.open(path, for: reads).read()
    } catch RegularFile.Problem.tooLarge {
      throw MallardRenderError.tooLarge(file: path, bytes: reads.refusedAt ?? reads.limit + 1, limit: reads.limit)
    } catch let problem as RegularFile.Problem {
      if case .outside = problem {
        throw LoadError(.cannotShowContent, url: path, details: "The page is not a file of the book.")
      }
      throw LoadError(.cannotShowContent, url: path, details: problem.details)
    }
    xmlResetLastError()
    let document = XSLTransform.parse(source, base: page.fileURL.absoluteString)
    guard let document else {
      if let refused = reads.refusedAt {
        throw MallardRenderError.tooLarge(file: path, bytes: refused, limit: reads.limit)
      }
      throw XMLParseFailure.invalidPage(at: path, id: page.id)
    }
    defer { xmlFreeDoc(document) }
    // A refused or broken XInclude leaves the page without what it would have included.
    TextIncludes.inline(in: document, reads: reads)
    _ = xmlXIncludeProcessFlags(document, ReadConfinement.parseOptions)
    if let refused = reads.refusedAt {
      throw MallardRenderError.tooLarge(file: path, bytes: refused, limit: reads.limit)
    }
    // A file included many times is read once: what counts is the text the page now holds.
    let text = DocumentText.bytes(in: document, upTo: reads.limit)
    if text > reads.limit { throw MallardRenderError.tooLarge(file: path, bytes: text, limit: reads.limit) }
    let nonce = ContentSecurityPolicy.newNonce()
    let result: xmlDocPtr
    switch XSLTransform.apply(
      document, with: stylesheets.page, cache: cache, parameters: ["html.csp.nonce": nonce], deadline: deadline)
    {
    case .result(let done): result = done
    case .outOfTime: throw MallardRenderError.tooSlow(file: path, seconds: budget)
    case .failed: throw LoadError(.invalidPage, url: path, details: "\(path): mal2html failed on “\(page.id)”.")
    }
    defer { xmlFreeDoc(result) }
    guard let html = XSLTransform.serialize(result, with: stylesheets.page), !html.isEmpty else {
      throw LoadError(
        .invalidPage, url: path, details: "\(path): “\(page.id)” rendered to nothing (not a Mallard page?).")
    }
    return RenderedPage(html: html, nonce: nonce)
  }
}
