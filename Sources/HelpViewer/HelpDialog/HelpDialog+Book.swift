import Foundation
import HelpViewerBooks
import HelpViewerCore
import HelpViewerGlue

extension HelpDialog {
  /// Shows `topic`'s page of `book` at `section` in a new dialog over `parent`, with help
  /// search in its header (Ctrl+K). An unknown topic shows the book's index page with a note
  /// saying so, never a blank page. When a dialog showing `book` is open already, that dialog
  /// comes forward and goes to the topic: one help at a time.
  ///
  /// ```swift
  /// HelpDialog.present(topic: "sync", section: "conflicts", in: book, over: window)
  /// ```
  @discardableResult
  public static func present(
    topic: String, section: String? = nil, in book: HelpBook, title: String = localized("Help"),
    over parent: (any DialogParent)? = nil, controls: Controls = .standard
  ) -> HelpDialog {
    if let open = OpenHelpDialogs.showing(book, over: parent) {
      open.present()
      open.show(topic: topic, section: section, in: book)
      return open
    }
    let dialog = HelpDialog(title: title, over: parent, controls: controls)
    dialog.present()
    dialog.show(topic: topic, section: section, in: book)
    return dialog
  }

  /// Shows `book`'s index page in a new dialog over `parent`, with help search (Ctrl+K); a
  /// dialog showing `book` already comes forward and goes to the index page instead.
  ///
  /// ```swift
  /// HelpDialog.present(book: try HelpBook(folder: helpFolder), over: window)
  /// ```
  @discardableResult
  public static func present(
    book: HelpBook, title: String = localized("Help"), over parent: (any DialogParent)? = nil,
    controls: Controls = .standard
  ) -> HelpDialog {
    if let open = OpenHelpDialogs.showing(book, over: parent) {
      open.present()
      open.show(book: book)
      return open
    }
    let dialog = HelpDialog(title: title, over: parent, controls: controls)
    dialog.present()
    dialog.show(book: book)
    return dialog
  }

  /// Context help (F1, `app.help`): the topic of the widget that has the focus in `window`, or
  /// of its nearest tagged parent (`HelpTopics.tag`), else `book`'s index page.
  ///
  /// One help at a time: when a dialog showing `book` is open, it comes forward instead, and
  /// goes to the focused widget's topic, if there is one; pressed while that dialog itself has
  /// the focus (the app's F1 reaches it too), it stays on its page.
  ///
  /// ```swift
  /// HelpTopics.tag(syncPanel, topic: "sync")
  /// HelpDialog.presentContextHelp(in: book, over: window)   // from the app's help action
  /// ```
  @discardableResult
  public static func presentContextHelp(
    in book: HelpBook, over window: (any DialogParent)?, title: String = localized("Help"),
    controls: Controls = .standard
  ) -> HelpDialog {
    let topic = window?.dialogParentAddress.flatMap { HelpTopics.topic(forFocusIn: $0) }
    if let open = OpenHelpDialogs.showing(book, over: window) {
      let helpHasFocus = open.dialogWindow.isActive
      open.present()
      if let topic, !helpHasFocus { open.show(topic: topic.page, section: topic.section, in: book) }
      return open
    }
    if let topic {
      return present(
        topic: topic.page, section: topic.section, in: book, title: title, over: window, controls: controls)
    }
    return present(book: book, title: title, over: window, controls: controls)
  }

  /// Shows the page a GNOME `help:` address names (`help:APP`, `help:APP/PAGE#section`),
  /// found as Yelp finds it in `environment`'s XDG data directories and the languages
  /// `languages` (`nil`: the package's), with search over that app's help. An address that
  /// does not resolve shows the error view with why. Returns `false`, with nothing done, once
  /// the dialog has ended (closed, its parent destroyed, its application quit); else `true`.
  ///
  /// ```swift
  /// HelpDialog.present(address: "help:notes/sync#conflicts", over: window)  // the same, in a new dialog
  /// dialog.load(helpAddress: "help:notes/sync#conflicts")
  /// ```
  @discardableResult
  public func load(
    helpAddress address: String, environment: [String: String] = ProcessInfo.processInfo.environment,
    languages: [String]? = nil
  ) -> Bool {
    guard !hasEnded else { return false }
    defer {
      // help: links in its pages are found in the same places.
      viewer.followHelpAddress = { [weak self] link in
        self?.load(helpAddress: link, environment: environment, languages: languages)
      }
    }
    do {
      let found = try HelpAddress(parsing: address).resolve(environment: environment, languages: languages)
      return show(topic: found.page.id, section: found.section, in: found.book)
    } catch {
      viewer.show(error)
      return true
    }
  }

  /// Shows `topic` of `book` in this dialog; an unknown topic shows the index page with a note.
  /// Returns `false`, with nothing done, once the dialog has ended; else `true`.
  @discardableResult
  public func show(topic: String, section: String? = nil, in book: HelpBook) -> Bool {
    guard let support = attach(book: book) else { return false }
    if let missing = viewer.load(topic: topic, section: section, in: book), LoadingWebView.showsIndex(for: missing) {
      let text = String(format: localized("The help page “%@” was not found; showing the contents."), topic)
      support.note.show(text)
      support.noteShownAt = viewer.state.requestedURL
      support.noteSeen = viewer.state.url == viewer.state.requestedURL
    } else {
      support.note.hide()
      support.noteShownAt = nil
    }
    return true
  }

  /// Shows `book`'s index page in this dialog. Returns `false`, with nothing done, once the
  /// dialog has ended; else `true`.
  @discardableResult
  public func show(book: HelpBook) -> Bool {
    guard let support = attach(book: book) else { return false }
    support.note.hide()
    viewer.load(book: book)
    return true
  }

  /// The note shown over the page (e.g. that a topic was not found), or `nil` (always once the
  /// dialog has ended).
  public var note: String? {
    guard !hasEnded, let note = bookSupport?.note, note.isShown else { return nil }
    return note.text
  }

  /// The help book the dialog shows (search looks in it), if any.
  public var book: HelpBook? { bookSupport?.book }

  /// Whether `address` is a GNOME `help:` address.
  static func isHelpAddress(_ address: String) -> Bool {
    address.trimmingCharacters(in: .whitespaces).prefix(5).lowercased() == "help:"
  }

  /// Adds the search bar, its toggle and the note to the dialog the first time; later, only
  /// changes the book. When the dialog closes, its window may serve the next dialog without
  /// them (`DialogOwner`, `DialogBook.takeOut`). `nil`, with nothing done, once the dialog has
  /// ended: its window may be gone, or serving the next dialog.
  @discardableResult
  func attach(book: HelpBook) -> DialogBook? {
    guard !hasEnded else { return nil }
    if let support = bookSupport {
      if support.book != book {
        support.book = book
        support.searchedText = nil
      }
      return support
    }
    let support = DialogBook(book: book)
    bookSupport = support
    OpenHelpDialogs.add(self)
    // The window's content becomes the search bar, the note and the page; the owner takes
    // them out again before it keeps the window for the next dialog.
    owner.book = support
    // Taken out of the window, the page loses the keyboard focus: GTK leaves the window with
    // none, and when a window manager activates it, gives it to the first header button.
    let hadFocus = viewer.ownsFocus
    dialogWindow.setChild(support.content)
    support.content.append(viewer.root)
    viewer.root.expandsVertically = true
    if hadFocus { viewer.takeFocus() }
    header.bar.packEnd(support.search.toggle)
    // Back and forward, as Yelp has them: a book is read by following links.
    header.showsBookNavigation = true
    installSearch(support)
    // help: links open in this dialog, which then searches their app's help.
    viewer.followHelpAddress = { [weak self] link in self?.load(helpAddress: link) }
    viewer.observe { [weak self] state in
      self?.followBook(state)
      self?.followNote(state)
    }
    return support
  }

  /// Search looks in the book of the page shown: after a link to another app's help and Back,
  /// the first book again (issue 30: it searched the other app's help). A page of no book (a
  /// results page is its book's) changes nothing.
  private func followBook(_ state: LoadState) {
    guard !hasEnded, let support = bookSupport, state.phase == .loaded, let url = state.url else { return }
    guard let shown = BundledScheme.book(at: url), shown != support.book else { return }
    support.book = shown
    support.searchedText = nil
  }

  /// Hides the note about a missing topic once another page shows (after the index page it
  /// is about has shown).
  private func followNote(_ state: LoadState) {
    guard !hasEnded, let support = bookSupport, let shownAt = support.noteShownAt, let url = state.url else { return }
    if DocumentAddress.same(url, shownAt) {
      support.noteSeen = true
    } else if support.noteSeen {
      support.note.hide()
      support.noteShownAt = nil
    }
  }
}
