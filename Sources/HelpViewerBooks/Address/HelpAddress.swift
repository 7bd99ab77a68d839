import Foundation
import HelpViewerCore

/// A GNOME `help:` address — `help:APP`, `help:APP/PAGE`, `help:APP/PAGE#section` — and its
/// resolution as Yelp does it: each XDG data directory in turn (`$XDG_DATA_HOME`, then
/// `$XDG_DATA_DIRS`), in each the language chain with `C` last, the file
/// `help/<lang>/APP/PAGE.html` or `PAGE.page` (Mallard), `index` for `help:APP`.
///
/// Names that are paths (`..`, encoded traversal such as `%2e%2e` or `%2f`, absolute paths) are
/// refused, and so are files that a symbolic link takes out of the app's help folder.
///
/// ```swift
/// let address = try HelpAddress(parsing: "help:gedit/gedit-open-files#recent")
/// let found = try address.resolve()   // the process environment and the package's languages
/// found.url                           // file:///usr/share/help/de/gedit/gedit-open-files.html#recent
/// ```
public struct HelpAddress: Sendable, Hashable, CustomStringConvertible {
  /// Where an address leads: its book (all the app's help, for search), page and section.
  public struct Resolution: Sendable, Hashable {
    /// The app's installed help.
    public let book: HelpBook
    /// The page, in the best language that has it.
    public let page: HelpBookPage
    /// The element id to scroll to, if any.
    public let section: String?
    /// The page's file address with the section as its fragment.
    public var url: URL { page.url(section: section) }
  }

  /// The app's help folder name (the document id).
  public let app: String
  /// The page id, or `nil` for the index page.
  public let page: String?
  /// The element id after `#`, if any.
  public let section: String?

  public init(app: String, page: String? = nil, section: String? = nil) throws(LoadError) {
    try HelpBook.checkName(app, what: "An app name")
    if let page { try HelpBook.checkName(page, what: "A page id") }
    self.app = app
    self.page = page
    self.section = section.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Reads `help:APP[/PAGE][#section]` (the scheme in any case; names percent-encoded). Throws
  /// `.unsupportedScheme` for another scheme, `.invalidURL` for a malformed address and
  /// `.blockedByPolicy` for path tricks.
  public init(parsing address: String) throws(LoadError) {
    guard address.count > 5, address.prefix(5).lowercased() == "help:" else {
      throw LoadError(.unsupportedScheme, url: address, details: "Not a help: address.")
    }
    var rest = Substring(address.dropFirst(5))
    var section: String?
    if let hash = rest.firstIndex(of: "#") {
      let fragment = rest[rest.index(after: hash)...]
      section = String(fragment).removingPercentEncoding ?? String(fragment)
      rest = rest[..<hash]
    }
    if rest.hasPrefix("/") {
      throw LoadError(.blockedByPolicy, url: address, details: "A help: address names an app, not a path.")
    }
    var segments = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    if segments.count == 2, segments[1].isEmpty { segments.removeLast() }  // help:APP/
    guard (1...2).contains(segments.count), segments.allSatisfy({ !$0.isEmpty }) else {
      throw LoadError(.blockedByPolicy, url: address, details: "A help: address is help:APP or help:APP/PAGE.")
    }
    var names: [String] = []
    for segment in segments {
      guard let name = segment.removingPercentEncoding else {
        throw LoadError(.invalidURL, url: address, details: "Bad percent-encoding.")
      }
      names.append(name)
    }
    do {
      try self.init(app: names[0], page: names.count > 1 ? names[1] : nil, section: section)
    } catch {
      throw LoadError(error.kind, url: address, details: error.details)
    }
  }

  /// The address as text: `help:APP[/PAGE][#section]`.
  public var description: String {
    let encode = { (name: String) in HelpBookFolder.encode(name) }
    var text = "help:" + encode(app)
    if let page { text += "/" + encode(page) }
    if let section { text += "#" + section }
    return text
  }

  /// Finds the page in the help installed for `app`, in `environment`'s data directories and the
  /// languages `languages` (locale names, best first; `nil`: `Localization.languages`). Throws
  /// `.helpNotFound` when the app has no help or the page is missing (its `url` is
  /// `help:APP/PAGE`, or `help:APP` for a missing app), `.blockedByPolicy` when a link leads out
  /// of the app's help folder.
  public func resolve(
    environment: [String: String] = ProcessInfo.processInfo.environment, languages: [String]? = nil
  ) throws(LoadError) -> Resolution {
    let book = try HelpBook.installed(app: app, environment: environment, languages: languages)
    do {
      return Resolution(book: book, page: try book.page(id: page ?? "index"), section: section)
    } catch {
      var error = error
      error.url = description
      if error.kind == .pageNotFound {
        error = LoadError(
          .helpNotFound, url: "help:\(HelpBookFolder.encode(app))/\(HelpBookFolder.encode(page ?? "index"))",
          details: "No page “\(page ?? "index")” in the help for “\(app)”.")
      }
      throw error
    }
  }
}
