import Foundation
import HelpViewerCore

/// One page of a help book, in the language it is shown in.
///
/// ```swift
/// let page = try book.page(id: "sync")
/// page.language                      // "C" when the German folder lacks it
/// page.url(section: "conflicts")     // file:///…/C/sync.html#conflicts
/// ```
public struct HelpBookPage: Sendable, Hashable {
  /// The page's id: its file name without `.html`.
  public let id: String
  /// The language folder it comes from (`C`, `de`, …).
  public let language: String
  /// The page's file (links resolved; always inside the book).
  public let fileURL: URL
  /// The folder it comes from.
  public let folder: HelpBookFolder
  /// The Mallard book the page belongs to (its pages are rendered), `nil` for an HTML page.
  let book: HelpBook?

  init(id: String, language: String, fileURL: URL, folder: HelpBookFolder, book: HelpBook? = nil) {
    self.id = id
    self.language = language
    self.fileURL = fileURL
    self.folder = folder
    self.book = book
  }

  /// The id of the page a book's address names by its file name, `PAGE.html` as it stands in the
  /// address (percent-encoded; a Mallard page is served and linked as `.html` too), or `nil`
  /// for any other file: another extension, no name, a dot file (`.search.html`). The one
  /// place a page's file name becomes its id, for the bundled scheme and the renderer's links.
  ///
  /// ```swift
  /// HelpBookPage.id(inFileName: "note%20s.html")   // "note s"
  /// HelpBookPage.id(inFileName: "style.css")       // nil
  /// ```
  package static func id(inFileName fileName: some StringProtocol) -> String? {
    guard fileName.hasSuffix(".html"), !fileName.contains("/"),
      let id = String(fileName.dropLast(".html".count)).removingPercentEncoding, !id.isEmpty, !id.hasPrefix(".")
    else { return nil }
    return id
  }

  /// The page's address, with `section` (an element id) as the fragment.
  public func url(section: String? = nil) -> URL {
    guard let section, !section.isEmpty else { return fileURL }
    // What URLComponents makes, without its parse and rebuild (search makes hundreds a query).
    if let fragment = section.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed),
      let url = URL(string: fileURL.absoluteString + "#" + fragment)
    {
      return url
    }
    var components = URLComponents(url: fileURL, resolvingAgainstBaseURL: false)
    components?.fragment = section
    return components?.url ?? fileURL
  }

  /// The page as HTML: its file's bytes, or a Mallard page rendered (`MallardRenderer`).
  public func html() throws(LoadError) -> Data {
    if let book { return try MallardRenderer.shared.html(of: self, in: book) }
    return try RegularFile.read(fileURL, limit: RegularFile.servedLimit)
  }

  /// The page as HTML, made off the calling thread: a Mallard page is rendered on a background
  /// queue (`MallardRenderer`), so a viewer's main thread never waits for libxslt.
  ///
  /// ```swift
  /// request.respond(try await page.renderedHTML(), contentType: "text/html")
  /// ```
  public func renderedHTML() async throws(LoadError) -> Data {
    if let book { return try await MallardRenderer.shared.html(of: self, in: book) }
    return try RegularFile.read(fileURL, limit: RegularFile.servedLimit)
  }

  /// A Mallard page rendered off the calling thread, with a new nonce on yelp-xsl's own scripts
  /// and the Content-Security-Policy to serve it with (`RenderedPage`); `nil` for an HTML page
  /// (serve its file). Throws a `LoadError` (no yelp-xsl, not well-formed) or a
  /// `MallardRenderError` (too large, too slow, read confinement lost).
  ///
  /// ```swift
  /// if let page = try await page.renderedPage() { serve(page.html, csp: page.contentSecurityPolicy) }
  /// ```
  public func renderedPage() async throws -> RenderedPage? {
    guard let book else { return nil }
    return try await MallardRenderer.shared.page(of: self, in: book)
  }

  /// Starts rendering a Mallard page in the background, so that it is ready when a viewer asks
  /// for it; nothing for an HTML page.
  public func prepare() {
    if let book { MallardRenderer.shared.prepare(self, in: book) }
  }

  /// Starts rendering, in the background, the Mallard pages this page links to; call it once
  /// the page has loaded: a link followed then finds its page ready. Nothing for an HTML page.
  ///
  /// ```swift
  /// viewer.onStateChange = { state in if state.phase == .loaded { page.prepareLinkedPages() } }
  /// ```
  public func prepareLinkedPages() {
    if let book { MallardRenderer.shared.prepareLinks(of: self, in: book) }
  }

  /// The page's text, title and sections, read from its file (a Mallard page's from its
  /// source, `MallardPageText`, with its `<info><desc>` ahead of its body).
  public func text() throws(LoadError) -> PageText {
    guard let book else { return try PageText(contentsOf: fileURL) }
    return try MallardPageText.text(of: self, in: book)
  }
}
