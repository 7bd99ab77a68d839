import Foundation
import HelpViewerBooks
import HelpViewerCore

extension LoadingWebView {
  /// A viewer showing `topic` (a page id, or `nil` for the index page) of `book`, at `section`.
  /// The book's pages are served by the bundled scheme (`help-viewer://book-N/PAGE.html`), each
  /// in the best language that has it; links between them work and sections scroll. An unknown
  /// topic shows the index page.
  ///
  /// ```swift
  /// let viewer = LoadingWebView(book: book, topic: "sync", section: "conflicts")
  /// gtk_box_append(box, .init(viewer.widget))
  /// ```
  public convenience init(
    book: HelpBook, topic: String? = nil, section: String? = nil,
    configuration: ViewerConfiguration = ViewerConfiguration()
  ) {
    self.init(configuration: configuration)
    if let topic { load(topic: topic, section: section, in: book) } else { load(book: book) }
  }

  /// Shows `topic`'s page of `book` at `section`. When the book has no such page, shows its
  /// index page instead and returns why (`.pageNotFound`, or `.blockedByPolicy` for a topic
  /// that is a path), so that the host can say so; `nil` when the topic's page loads. A book
  /// without an index page shows the error view.
  ///
  /// A book that cannot be shown at all (DocBook, Mallard without yelp-xsl) shows the error
  /// view instead and returns why.
  ///
  /// ```swift
  /// if let missing = viewer.load(topic: "sync", section: "conflicts", in: book) { log(missing) }
  /// ```
  @discardableResult
  public func load(topic: String, section: String? = nil, in book: HelpBook) -> LoadError? {
    do {
      load(try BundledScheme.url(of: book, topic: topic, section: section))
      return nil
    } catch  where Self.showsIndex(for: error) {
      load(book: book)
      return error
    } catch {
      show(error)
      return error
    }
  }

  /// Whether `load(topic:section:in:)` shows the index page for `error`: a topic the book does
  /// not have, or one that is a path (not a book that cannot be shown at all).
  static func showsIndex(for error: LoadError) -> Bool {
    error.kind == .pageNotFound || error.kind == .blockedByPolicy
  }

  /// Shows the page a GNOME `help:` address names (`help:APP`, `help:APP/PAGE#section`), found
  /// as Yelp finds it (see `HelpAddress.resolve`); an address that does not resolve shows the
  /// error view (`.helpNotFound`: "No help is installed for “APP”.") and returns why.
  ///
  /// ```swift
  /// viewer.load(helpAddress: "help:zenity/calendar")
  /// ```
  @discardableResult
  public func load(
    helpAddress address: String, environment: [String: String] = ProcessInfo.processInfo.environment,
    languages: [String]? = nil
  ) -> LoadError? {
    do {
      let found = try HelpAddress(parsing: address).resolve(environment: environment, languages: languages)
      return load(topic: found.page.id, section: found.section, in: found.book)
    } catch {
      show(error)
      return error
    }
  }

  /// What happens when a page goes to a `help:` address the navigation policy allows (a link,
  /// a meta refresh, a script): by default `load(helpAddress:)`; a help dialog also changes the
  /// book it searches.
  public var followHelpAddress: @MainActor (String) -> Void {
    get { navigationGuard.onHelpAddress }
    set { navigationGuard.onHelpAddress = newValue }
  }

  /// Shows `topic` (`HelpTopic(parsing: "sync#conflicts")`) of `book`; see
  /// `load(topic:section:in:)`.
  @discardableResult
  public func load(_ topic: HelpTopic, in book: HelpBook) -> LoadError? {
    load(topic: topic.page, section: topic.section, in: book)
  }

  /// Shows `book`'s index page (the error view when it has none).
  public func load(book: HelpBook) {
    do {
      load(try BundledScheme.url(of: book, topic: "index"))
    } catch {
      show(error)
    }
  }

  /// Shows the error view for `error`, which happened before any load (e.g. a `help:` address
  /// that does not resolve).
  func show(_ error: LoadError) {
    guard !isDetached else { return }
    if state.isLoading { stop() }
    handle(.rejected(error))
  }
}
