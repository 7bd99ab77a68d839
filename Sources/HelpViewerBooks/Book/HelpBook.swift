import Foundation
import HelpViewerCore

/// A help book: a folder of HTML or Mallard pages, by topic and by language.
///
/// Its index page is `index.html`, or `index.page` for Mallard help as GNOME apps install it
/// (rendered with yelp-xsl's stylesheets, `MallardRenderer`); a page's id is its file name
/// without `.html` or `.page`, and a section is an element `id` in a page. The pages lie either
/// directly in the folder (one language) or in language folders: `C/` (the default) and `de/`, `pt_BR/`, …. The language chain is the
/// one the package uses for its own strings (`Localization.languages`: `LANGUAGE`, then the
/// locale), with `C` last; a page missing in German comes from `C/`, for that page alone.
///
/// ```swift
/// let book = try HelpBook(folder: URL(fileURLWithPath: "/usr/share/doc/myapp/help"))
/// book.language                                              // "de" under LANGUAGE=de
/// let url = try book.url(forTopic: "sync", section: "conflicts")  // …/de/sync.html#conflicts
/// let installed = try HelpBook.installed(app: "gnome-help")  // help/<lang>/gnome-help/ in the XDG data dirs
/// ```
public struct HelpBook: Sendable, Hashable {
  /// How the pages are laid out.
  public enum Layout: String, Sendable, Hashable {
    /// The pages lie directly in the folder, in one language (reported as `C`).
    case flat
    /// `C/` and per-language folders (`de/`, `pt_BR/`) in the book's folder.
    case perLanguage
    /// GNOME's layout: `help/<lang>/<APP>/` in the XDG data directories.
    case installed
  }

  /// The book's folder (for an installed book, the first folder found).
  public let root: URL
  /// How the pages are laid out.
  public let layout: Layout
  /// The languages tried, best first, ending in `C`.
  public let languageChain: [String]
  /// The folders pages are taken from, in the order they are tried.
  public let folders: [HelpBookFolder]
  /// What the pages are written in (told by the index page's file).
  public let format: HelpFormat
  /// The folder of yelp-xsl's XSLT stylesheets a Mallard book is rendered with.
  public let stylesheets: URL

  /// The book in `folder`, in the languages `languages` (locale names such as `de_DE.UTF-8`,
  /// best first) or, when `nil`, those of `Localization.languages`; a Mallard book renders with
  /// the yelp-xsl stylesheets in `stylesheets`. Throws a `LoadError` when the folder does not
  /// exist.
  public init(
    folder: URL, languages: [String]? = nil, stylesheets: URL = MallardStylesheets.installedFolder
  ) throws(LoadError) {
    let root = folder.standardizedFileURL
    guard Self.isDirectory(root) else {
      throw LoadError(.httpError, url: root.path, httpStatus: 404, details: "No help book folder at \(root.path).")
    }
    let chain = Self.chain(languages)
    let defaultFolder = root.appendingPathComponent("C", isDirectory: true)
    if Self.isDirectory(defaultFolder) {
      let folders = chain.compactMap { language in
        let url = root.appendingPathComponent(language, isDirectory: true)
        return Self.isDirectory(url) ? HelpBookFolder(language: language, url: url, boundary: root) : nil
      }
      self.init(root: root, layout: .perLanguage, chain: chain, folders: folders, stylesheets: stylesheets)
    } else {
      self.init(
        root: root, layout: .flat, chain: chain, folders: [HelpBookFolder(language: "C", url: root, boundary: root)],
        stylesheets: stylesheets)
    }
  }

  /// The help an app installed in GNOME's layout, `help/<lang>/<app>/`, searched as Yelp does:
  /// each data directory of `environment` (see `DataDirectories`) in turn, and in each the
  /// language chain with `C` last. Throws a `LoadError` for a name that is not a plain folder
  /// name, and `.helpNotFound` when no such help is installed.
  public static func installed(
    app: String, environment: [String: String] = ProcessInfo.processInfo.environment, languages: [String]? = nil,
    stylesheets: URL = MallardStylesheets.installedFolder
  ) throws(LoadError) -> HelpBook {
    try checkName(app, what: "An app name")
    let chain = chain(languages)
    var folders: [HelpBookFolder] = []
    for directory in DataDirectories.list(environment: environment) {
      for language in chain {
        let url = directory.appendingPathComponent("help/\(language)/\(app)", isDirectory: true)
        if isDirectory(url) { folders.append(HelpBookFolder(language: language, url: url, boundary: url)) }
      }
    }
    guard let first = folders.first else {
      throw LoadError(
        .helpNotFound, url: "help:" + HelpBookFolder.encode(app), details: "No help for “\(app)” is installed.")
    }
    return HelpBook(root: first.url, layout: .installed, chain: chain, folders: folders, stylesheets: stylesheets)
  }

  /// The book of `folders`; its format is `format`, or when `nil` that of the first folder with
  /// an index page.
  init(
    root: URL, layout: Layout, chain: [String], folders: [HelpBookFolder], stylesheets: URL, format: HelpFormat? = nil
  ) {
    self.root = root
    self.layout = layout
    self.languageChain = chain
    let format = format ?? HelpFormat.detect(in: folders.map(\.url))
    self.format = format
    self.stylesheets = stylesheets
    self.folders = folders.map { folder in
      var folder = folder
      folder.pageExtension = format.pageExtension
      return folder
    }
    let index = self.folders.first { if case .success = $0.file(forPage: "index") { true } else { false } }
    self.language = (index ?? self.folders.first)?.language ?? "C"
  }

  /// The language of the book as shown: that of the folder its index page comes from (or of
  /// its first folder when it has no index page).
  public let language: String

  /// The languages the book has folders for, in the order they are tried.
  public var languages: [String] {
    folders.map(\.language).reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }

  /// Checks that the book's pages can be shown: throws `.helpFormatUnsupported` for DocBook,
  /// `.helpRendererMissing` for a Mallard book without yelp-xsl's stylesheets (parsing them,
  /// once per process); nothing for HTML.
  ///
  /// ```swift
  /// do { try book.checkRenderer() } catch { viewer.show(error) }
  /// ```
  public func checkRenderer() throws(LoadError) {
    switch format {
    case .html: return
    case .mallard: try MallardRenderer.shared.check(self)
    case .docbook: _ = try page(id: "index")
    }
  }

  /// Stops rendering ahead the pages that a shown page links to (`HelpBookPage.prepareLinkedPages()`):
  /// the viewer that showed it closed. The render under way finishes; nothing for HTML books.
  package func stopPreparingLinkedPages() {
    if format == .mallard { MallardRenderer.shared.dropWaitingLinks() }
  }

  /// The index page.
  public func indexPage() throws(LoadError) -> HelpBookPage { try page(id: "index") }

  /// Page `id` in the best language that has it. Throws a `LoadError`: `.blockedByPolicy` for
  /// an id that is a path (`/`, `..`, encoded traversal, a link out of the book), a
  /// `.pageNotFound` for a page the book does not have, `.helpFormatUnsupported` for a DocBook book.
  public func page(id: String) throws(LoadError) -> HelpBookPage {
    try Self.checkName(id, what: "A page id")
    if format == .docbook {
      throw LoadError(
        .helpFormatUnsupported, url: root.path, details: "DocBook help (index.docbook) is not supported.")
    }
    for folder in folders {
      switch folder.file(forPage: id) {
      case .success(let file): return makePage(id: id, file: file, folder: folder)
      case .failure(let error) where error.kind == .blockedByPolicy:
        throw LoadError(.blockedByPolicy, url: id, details: error.details)
      case .failure: continue
      }
    }
    throw LoadError(.pageNotFound, url: id, details: "No page “\(id)” in the help book.")
  }

  /// The address of `topic`'s page, with `section` as its fragment. Throws as `page(id:)` does,
  /// so that an unknown topic can show the index with a note.
  public func url(forTopic topic: String, section: String? = nil) throws(LoadError) -> URL {
    try page(id: topic).url(section: section)
  }

  /// The address of `topic`.
  public func url(for topic: HelpTopic) throws(LoadError) -> URL {
    try url(forTopic: topic.page, section: topic.section)
  }

  /// The page of the book that `url` (a file address, with or without a fragment) shows, or
  /// `nil` when it is not a page of this book as shown: for a viewer's navigation policy, and to
  /// turn a result's or a link's address back into a topic.
  public func page(at url: URL) -> HelpBookPage? {
    guard url.isFileURL, url.pathExtension == format.pageExtension else { return nil }
    let id = url.deletingPathExtension().lastPathComponent
    guard let page = try? page(id: id) else { return nil }
    let path = ContentPath.canonicalPath(url.path)
    return page.fileURL.path == path ? page : nil
  }

  /// The pages as shown: every page id of every folder, each in the best language that has it,
  /// sorted by id. This is what `SearchIndex` indexes.
  public func pages() -> [HelpBookPage] {
    guard format != .docbook else { return [] }
    var seen = Set<String>()
    var result: [HelpBookPage] = []
    for folder in folders {
      for id in folder.pageIDs() where !seen.contains(id) {
        guard case .success(let file) = folder.file(forPage: id) else { continue }
        seen.insert(id)
        result.append(makePage(id: id, file: file, folder: folder))
      }
    }
    return result.sorted { $0.id < $1.id }
  }

  /// The pages of `language`'s folders alone (no fallback), sorted by id; a Mallard page still
  /// renders within the whole book (its links and guides).
  public func pages(language: String) -> [HelpBookPage] {
    HelpBook(
      root: root, layout: layout, chain: languageChain, folders: folders.filter { $0.language == language },
      stylesheets: stylesheets, format: format
    ).pages().map { makePage(id: $0.id, file: $0.fileURL, folder: $0.folder) }
  }

  /// Page `id` of `folder`, whose file is `file`; a Mallard page knows its book (to render it).
  private func makePage(id: String, file: URL, folder: HelpBookFolder) -> HelpBookPage {
    HelpBookPage(
      id: id, language: folder.language, fileURL: file, folder: folder, book: format == .mallard ? self : nil)
  }

  /// `languages` (or the package's) as book folder names, best first, ending in `C`.
  static func chain(_ languages: [String]?) -> [String] {
    let names = languages.map(LanguagePreference.candidates(languages:)) ?? Localization.languages
    return names.filter { $0 != "C" } + ["C"]
  }

  /// Refuses names that are paths: empty, `.`, `..`, with `/`, `\` or NUL, also once decoded.
  static func checkName(_ name: String, what: String) throws(LoadError) {
    for form in [name, name.removingPercentEncoding ?? name] {
      if form.isEmpty || form == "." || form == ".." || form.contains("/") || form.contains("\\")
        || form.contains("\0")
      {
        throw LoadError(.blockedByPolicy, url: name, details: "\(what) must be a plain name, not a path: “\(name)”.")
      }
    }
  }

  static func isDirectory(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
