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
/// Rendering takes tens of milliseconds a page (the cache and the stylesheets more, once), so
/// viewers never render on the main thread: `prepare` starts a page on `queue` before it is
/// asked for, and `html(of:in:)`'s `async` form answers a request from there. Once a page is
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

  /// Where viewers' pages are rendered, one at a time, in the order asked for.
  static let queue = DispatchQueue(label: "HelpViewer.MallardRenderer", qos: .userInitiated)

  /// Guards the books' caches (one render at a time: renders share the book's cache document).
  private let lock = NSLock()
  /// Guards the pages kept (never held during a render, so a kept page is answered at once).
  private let keptLock = NSLock()
  /// Guards the pages waiting to be rendered ahead of a click (`prepareLinks`).
  private let linksLock = NSLock()

  private struct Key: Hashable {
    var book: HelpBook
    var page: String
  }

  /// How many rendered pages are kept (the least recently shown go first).
  static let keptPages = 48

  /// How many of a page's links are rendered ahead of a click (the first, in the page's order).
  static let preparedLinks = 16

  /// How many books' caches are kept (the least recently used goes first).
  static let keptCaches = 4

  private var caches: [HelpBook: xmlDocPtr] = [:]
  private var cacheOrder: [HelpBook] = []
  private var kept: [Key: Data] = [:]
  private var keptOrder: [Key] = []
  private var linksWaiting: [HelpBookPage] = []
  private var renderingLinks = false
  private var rendered: [String] = []
  private var linksAsked = 0
  private var linksGeneration = 0

  /// The HTML of `page` of `book`, rendered on `queue` (or taken from those kept, at once when
  /// no render holds them).
  func html(of page: HelpBookPage, in book: HelpBook) async throws(LoadError) -> Data {
    if let done = keptHTML(of: page, in: book) { return done }
    dropWaitingLinks()  // The viewer went elsewhere than the links waiting.
    let result = await withCheckedContinuation { (done: CheckedContinuation<Result<Data, LoadError>, Never>) in
      Self.queue.async {
        do throws(LoadError) { done.resume(returning: .success(try self.html(of: page, in: book))) } catch {
          done.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }

  /// `page`'s HTML when it is kept (now the most recently used), else `nil`.
  func keptHTML(of page: HelpBookPage, in book: HelpBook) -> Data? {
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

  private func keep(_ html: Data, for key: Key) {
    keptLock.withLock {
      rendered.append(key.page)
      if rendered.count > 2 * Self.keptPages { rendered.removeFirst() }
      if kept.updateValue(html, forKey: key) == nil { keptOrder.append(key) }
      while keptOrder.count > Self.keptPages { kept[keptOrder.removeFirst()] = nil }
    }
  }

  /// Starts rendering `page` of `book` on `queue`, to be kept: the stylesheets and the book's
  /// cache are made on the way, so the page is ready, or nearly, when a viewer asks for it.
  func prepare(_ page: HelpBookPage, in book: HelpBook) {
    dropWaitingLinks()
    Self.queue.async { _ = try? self.html(of: page, in: book) }
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
    Self.queue.async {
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
    _ = try? html(of: next, in: book)
    Self.queue.async { self.renderNextLink() }
  }

  /// Whether pages from `prepareLinks` wait or render now (for tests).
  var isPreparingLinks: Bool { linksLock.withLock { renderingLinks || linksAsked > 0 } }

  /// The ids of the last pages this renderer rendered, in order (for tests).
  var renderedPages: [String] { keptLock.withLock { rendered } }

  /// The HTML of `page` of `book`, rendered once and kept (taken from those kept when it is
  /// there). Throws `.helpRendererMissing` without yelp-xsl, `.invalidPage` for a page that
  /// is not well-formed XML (with its file, line and column).
  func html(of page: HelpBookPage, in book: HelpBook) throws(LoadError) -> Data {
    if let done = keptHTML(of: page, in: book) { return done }
    let folders = book.folders.map(\.boundary) + [book.stylesheets]
    lock.lock()
    defer { lock.unlock() }
    // Another render may have kept it while this one waited for the lock.
    if let done = keptHTML(of: page, in: book) { return done }
    return try ReadConfinement.run(allowing: folders) { () throws(LoadError) -> Data in
      let stylesheets = try MallardStylesheets.load(folder: book.stylesheets)
      let cache = try cacheDocument(of: book, with: stylesheets)
      let html = try render(page, with: stylesheets, cache: cache)
      keep(html, for: Key(book: book, page: page.id))
      return html
    }
  }

  /// The books whose caches are kept now (for tests).
  var cachedBooks: [HelpBook] {
    lock.lock()
    defer { lock.unlock() }
    return cacheOrder
  }

  /// Checks that `book` can be rendered: the stylesheets are there (they are parsed with the
  /// first page). Throws `.helpRendererMissing` when not.
  func check(_ book: HelpBook) throws(LoadError) {
    try MallardStylesheets.checkInstalled(in: book.stylesheets)
  }

  /// The book's Mallard cache: `mal-cache.xsl` applied to the list of its pages as shown.
  private func cacheDocument(of book: HelpBook, with stylesheets: MallardStylesheets) throws(LoadError) -> xmlDocPtr {
    if let cache = caches[book] {
      cacheOrder.removeAll { $0 == book }
      cacheOrder.append(book)
      return cache
    }
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
    guard let cache = XSLTransform.apply(input, with: stylesheets.cache, cache: nil) else {
      throw LoadError(.cannotShowContent, url: book.root.path, details: "The Mallard cache of the book failed.")
    }
    caches[book] = cache
    cacheOrder.append(book)
    if cacheOrder.count > Self.keptCaches, let oldest = caches.removeValue(forKey: cacheOrder.removeFirst()) {
      xmlFreeDoc(oldest)  // No render uses it: renders hold the lock.
    }
    return cache
  }

  private func render(_ page: HelpBookPage, with stylesheets: MallardStylesheets, cache: xmlDocPtr) throws(LoadError)
    -> Data
  {
    xmlResetLastError()
    guard let document = xmlReadFile(page.fileURL.path, nil, ReadConfinement.parseOptions) else {
      throw XMLParseFailure.invalidPage(at: page.fileURL.path, id: page.id)
    }
    defer { xmlFreeDoc(document) }
    // A refused or broken XInclude leaves the page without what it would have included.
    _ = xmlXIncludeProcessFlags(document, ReadConfinement.parseOptions)
    guard let result = XSLTransform.apply(document, with: stylesheets.page, cache: cache) else {
      throw LoadError(
        .invalidPage, url: page.fileURL.path, details: "\(page.fileURL.path): mal2html failed on “\(page.id)”.")
    }
    defer { xmlFreeDoc(result) }
    guard let html = XSLTransform.serialize(result, with: stylesheets.page), !html.isEmpty else {
      throw LoadError(
        .invalidPage, url: page.fileURL.path,
        details: "\(page.fileURL.path): “\(page.id)” rendered to nothing (not a Mallard page?).")
    }
    return html
  }
}
