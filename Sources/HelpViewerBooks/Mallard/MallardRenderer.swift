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
/// asked for, and `html(of:in:)`'s `async` form answers a request from there.
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

  /// Guards the state below (one render at a time: renders share the book's cache document).
  private let lock = NSLock()

  private struct Key: Hashable {
    var book: HelpBook
    var page: String
  }

  /// How many rendered pages are kept.
  static let keptPages = 48

  /// How many books' caches are kept (the least recently used goes first).
  static let keptCaches = 4

  private var caches: [HelpBook: xmlDocPtr] = [:]
  private var cacheOrder: [HelpBook] = []
  private var kept: [Key: Data] = [:]
  private var keptOrder: [Key] = []

  /// The HTML of `page` of `book`, rendered on `queue` (or taken from those kept, at once when
  /// no render holds them).
  func html(of page: HelpBookPage, in book: HelpBook) async throws(LoadError) -> Data {
    if let done = keptHTML(of: page, in: book) { return done }
    let result = await withCheckedContinuation { (done: CheckedContinuation<Result<Data, LoadError>, Never>) in
      Self.queue.async {
        do throws(LoadError) { done.resume(returning: .success(try self.html(of: page, in: book))) } catch {
          done.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }

  /// `page`'s HTML when it is kept and no render holds the lock now; else `nil`.
  private func keptHTML(of page: HelpBookPage, in book: HelpBook) -> Data? {
    guard lock.try() else { return nil }
    defer { lock.unlock() }
    return kept[Key(book: book, page: page.id)]
  }

  /// Starts rendering `page` of `book` on `queue`, to be kept: the stylesheets and the book's
  /// cache are made on the way, so the page is ready, or nearly, when a viewer asks for it.
  func prepare(_ page: HelpBookPage, in book: HelpBook) {
    Self.queue.async { _ = try? self.html(of: page, in: book) }
  }

  /// The HTML of `page` of `book`, rendered once and kept (taken from those kept when it is
  /// there). Throws `.helpRendererMissing` without yelp-xsl, `.cannotShowContent` for a page that
  /// is not well-formed Mallard.
  func html(of page: HelpBookPage, in book: HelpBook) throws(LoadError) -> Data {
    let folders = book.folders.map(\.boundary) + [book.stylesheets]
    lock.lock()
    defer { lock.unlock() }
    return try ReadConfinement.run(allowing: folders) { () throws(LoadError) -> Data in
      let key = Key(book: book, page: page.id)
      if let done = kept[key] { return done }
      let stylesheets = try MallardStylesheets.load(folder: book.stylesheets)
      let cache = try cacheDocument(of: book, with: stylesheets)
      let html = try render(page, with: stylesheets, cache: cache)
      kept[key] = html
      keptOrder.append(key)
      if keptOrder.count > Self.keptPages { kept[keptOrder.removeFirst()] = nil }
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
    guard let document = xmlReadFile(page.fileURL.path, nil, ReadConfinement.parseOptions) else {
      throw LoadError(
        .cannotShowContent, url: page.fileURL.path, details: "The Mallard page “\(page.id)” is not well-formed XML.")
    }
    defer { xmlFreeDoc(document) }
    // A refused or broken XInclude leaves the page without what it would have included.
    _ = xmlXIncludeProcessFlags(document, ReadConfinement.parseOptions)
    guard let result = XSLTransform.apply(document, with: stylesheets.page, cache: cache) else {
      throw LoadError(.cannotShowContent, url: page.fileURL.path, details: "mal2html failed on “\(page.id)”.")
    }
    defer { xmlFreeDoc(result) }
    guard let html = XSLTransform.serialize(result, with: stylesheets.page), !html.isEmpty else {
      throw LoadError(.cannotShowContent, url: page.fileURL.path, details: "“\(page.id)” rendered to nothing.")
    }
    return html
  }
}
