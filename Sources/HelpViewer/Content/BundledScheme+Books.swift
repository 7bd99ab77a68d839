import Foundation
import HelpViewerBooks
import HelpViewerCore
import HelpViewerGlue

/// Help books served under the bundled scheme: `help-viewer://book-N/PAGE.html` is page `PAGE`
/// of the book (a Mallard page rendered to HTML in memory, off the main thread), in the best language that has it
/// (`HelpBook.page(id:)`: a page missing in German comes from `C/`, for that page alone). Other files (pictures, style sheets) come from
/// the first of the book's folders that has them, then from its root; nothing outside the book
/// is served. `help-viewer://book-N/.search?q=TEXT` is the search results page for `TEXT` (a
/// misspelt word corrected); `…/.search?q=TEXT&exact=1` searches for `TEXT` as typed.
///
/// ```swift
/// let book = try HelpBook(folder: helpFolder)
/// let url = try BundledScheme.url(of: book, topic: "sync", section: "conflicts")
/// // help-viewer://book-1/sync.html#conflicts
/// ```
extension BundledScheme {
  /// The books served, by name (`book-1`, …, or the name a host gave).
  private static var books: [String: HelpBook] = [:]
  private static var bookNames: [HelpBook: String] = [:]

  /// How many requests wait for a Mallard page's render now.
  private(set) static var rendersAwaited = 0

  /// The path of the search results page in a book's address space (a page id never starts
  /// with a dot, so it cannot name a page of the book).
  static let searchPath = "/.search"

  /// Serves `book` as `help-viewer://NAME/…` (see `name(for:)` for an automatic name).
  /// Registering a name again replaces what it served.
  public static func register(book: HelpBook, as name: String) {
    let key = name.lowercased()
    if let old = books[key] { bookNames[old] = nil }
    books[key] = book
    bookNames[book] = key
    unregisterFolder(named: key)
  }

  /// The name `book` is served under, registering it as `book-N` the first time.
  public static func name(for book: HelpBook) -> String {
    if let name = bookNames[book] { return name }
    var number = bookNames.count + 1
    while books["book-\(number)"] != nil { number += 1 }
    let name = "book-\(number)"
    register(book: book, as: name)
    return name
  }

  /// The address of `topic`'s page in `book` (served by the bundled scheme), with `section` as
  /// its fragment. Throws as `HelpBook.page(id:)` does: `.pageNotFound` for an unknown topic,
  /// `.blockedByPolicy` for a path; and as `HelpBook.checkRenderer()` for a book that cannot be
  /// shown (DocBook, Mallard without yelp-xsl). A Mallard page starts rendering in the
  /// background at once (`HelpBookPage.prepare()`), while the web view gets ready to ask for it.
  public static func url(of book: HelpBook, topic: String, section: String? = nil) throws(LoadError) -> URL {
    try book.checkRenderer()
    let page = try book.page(id: topic)
    page.prepare()
    return address(of: page.id, section: section, in: name(for: book))
  }

  /// The address of the page with id `id` in the book served as `name`.
  static func address(of id: String, section: String?, in name: String) -> URL {
    var text = BundledAddress.url(id + ".html", in: name)
    if let section, !section.isEmpty {
      text += "#" + (section.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? section)
    }
    return URL(string: text) ?? URL(fileURLWithPath: "/")
  }

  /// The address of the search results page for `query` in `book`; with `correcting: false`,
  /// the page searches for the words as typed (`exact=1`).
  static func searchURL(query: String, in book: HelpBook, correcting: Bool = true) -> URL {
    var components = URLComponents()
    components.scheme = BundledAddress.scheme
    components.host = name(for: book)
    components.path = searchPath
    components.queryItems =
      [URLQueryItem(name: "q", value: query)] + (correcting ? [] : [URLQueryItem(name: "exact", value: "1")])
    return components.url ?? URL(fileURLWithPath: "/")
  }

  /// The book whose page `address` is (`help-viewer://book-N/…`), if any: the book a help
  /// dialog searches follows the page shown, through links, Back and Forward.
  static func book(at address: String) -> HelpBook? {
    guard let components = URLComponents(string: address), components.scheme == BundledAddress.scheme,
      let host = components.host
    else { return nil }
    return books[host.lowercased()]
  }

  /// Stops serving the book registered as `name` (a folder now takes the name).
  static func forgetBook(named name: String) {
    if let old = books.removeValue(forKey: name) { bookNames[old] = nil }
  }

  /// Answers a request for a book's address; `false` when `request` names no book.
  static func serveBook(_ request: URISchemeRequest) -> Bool {
    guard let book = books[request.host.lowercased()] else { return false }
    let path = request.path
    if path == searchPath {
      let items = URLComponents(string: request.uri)?.queryItems ?? []
      let query = items.first { $0.name == "q" }?.value ?? ""
      let exact = items.contains { $0.name == "exact" && $0.value == "1" }
      respond(request, html: SearchPages.page(query: query, in: book, correcting: !exact))
      return true
    }
    if let id = pageID(ofPath: path) {
      do {
        let page = try book.page(id: id)
        if book.format == .mallard {
          // Rendered in memory, off the main thread; answered when done.
          rendersAwaited += 1
          Task {
            defer { rendersAwaited -= 1 }
            do {
              guard let rendered = try await page.renderedPage() else { return }
              request.respond(
                rendered.html, contentType: "text/html",
                headers: [ContentSecurityPolicy.headerName: rendered.contentSecurityPolicy])
            } catch {
              fail(request, with: error)
            }
          }
        } else {
          serveFile(page.fileURL, in: page.folder.boundary, for: request)
        }
      } catch {
        fail(request, with: error)
      }
      return true
    }
    var lastError = LoadError(.pageNotFound, url: path, details: "No file \(path) in the help book.")
    for folder in book.folders.map(\.url) + [book.root] {
      switch ContentPath.resolve(path, in: folder) {
      case .success(let file):
        // A Mallard book's pictures and other files run nothing; an HTML book's are the host's.
        let policy = book.format == .mallard ? ContentSecurityPolicy.noScripts : nil
        serveFile(file, in: folder, for: request, policy: policy)
        return true
      case .failure(let error) where error.kind == .blockedByPolicy:
        fail(request, with: error)
        return true
      case .failure(let error):
        lastError = error
      }
    }
    fail(request, with: lastError)
    return true
  }

  /// A viewer finished loading `address`: when it is a Mallard book's page, the pages it links
  /// to start rendering in the background (`HelpBookPage.prepareLinkedPages()`). Only once the
  /// page has loaded, so that no render takes the CPU from the page's own load.
  static func pageLoaded(at address: String) {
    guard let components = URLComponents(string: address), components.scheme == BundledAddress.scheme,
      let host = components.host, let book = books[host.lowercased()], book.format == .mallard,
      let id = pageID(ofPath: components.percentEncodedPath), let page = try? book.page(id: id)
    else { return }
    page.prepareLinkedPages()
  }

  /// The page id that a path of a book's address names (`/PAGE.html`; `/` is the index), or
  /// `nil` for any other file (`HelpBookPage.id(inFileName:)`).
  private static func pageID(ofPath path: String) -> String? {
    let name = path.split(separator: "/", omittingEmptySubsequences: true)
    guard name.count <= 1 else { return nil }
    return HelpBookPage.id(inFileName: name.first ?? "index.html")
  }

  private static func respond(_ request: URISchemeRequest, html: String) {
    request.respond(
      Data(html.utf8), contentType: "text/html",
      headers: [ContentSecurityPolicy.headerName: ContentSecurityPolicy.noScripts])
  }

  /// Fails `request` with `error`: a `MallardRenderError` as its `LoadError` (`.pageTooLarge`,
  /// `.pageTooSlow`), anything else as a `LoadError`.
  private static func fail(_ request: URISchemeRequest, with error: any Error) {
    if let error = error as? MallardRenderError {
      fail(request, with: error.loadError)
    } else {
      fail(request, with: error as? LoadError ?? LoadError(.other, details: "\(error)"))
    }
  }

  /// Fails `request` with `error`'s kind (`ContentErrorDomain`), so that the viewer shows that
  /// kind, with `error`'s details: never an HTTP status or a server.
  static func fail(_ request: URISchemeRequest, with error: LoadError) {
    request.fail(
      domain: ContentErrorDomain.name, code: ContentErrorDomain.code(for: error.kind),
      error.details ?? error.message)
  }
}
