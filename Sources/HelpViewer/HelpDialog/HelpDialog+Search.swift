import Foundation
import HelpViewerBooks
import HelpViewerCore
import HelpViewerGlue

extension HelpDialog {
  /// Opens help search (as Ctrl+K and the header's search button do) with `text` in the entry,
  /// when the dialog shows a help book; the results page follows as the text changes. Returns
  /// whether search is open: `false`, with nothing done, when the dialog shows no book or has
  /// ended (closed, its parent destroyed, its application quit).
  ///
  /// ```swift
  /// dialog.openSearch("sync")   // the entry shows "sync"; the results page loads
  /// ```
  @discardableResult
  public func openSearch(_ text: String? = nil) -> Bool {
    guard !hasEnded, let support = bookSupport else { return false }
    support.search.isOpen = true
    if let text { support.search.text = text }
    support.search.focusEntry()
    return true
  }

  /// Whether help search is open (never after the dialog ended).
  public var isSearchOpen: Bool { !hasEnded && (bookSupport?.search.isOpen ?? false) }

  /// Whether the book's index is being built for a search now (the entry shows a spinner);
  /// never after the dialog ended.
  public var isPreparingSearch: Bool { !hasEnded && (bookSupport?.search.isBuilding ?? false) }

  /// Closes help search when it is open (Esc); returns whether it was.
  func hideSearch() -> Bool {
    guard !hasEnded, let support = bookSupport, support.search.isOpen else { return false }
    support.search.isOpen = false
    viewer.takeFocus()
    return true
  }

  /// Connects the search bar: Ctrl+K, the entry's changes (after its short delay) and Enter.
  func installSearch(_ support: DialogBook) {
    if let shortcut = dialogWindow.addShortcut(
      "<Control>k",
      { [weak self] in
        self?.openSearch()
        return true
      })
    {
      windowShortcuts.append(shortcut)
    }
    actions.add("search") { [weak self] in self?.openSearch() }
    support.signals += support.search.entry.connectSearchChanged { [weak self] in self?.searchChanged() }
    support.signals += support.search.entry.connectActivate {
      [weak self] in self?.openBestResult()
    }
    support.signals += support.search.bar.connectSearchModeChanged {
      [weak self] in
      guard let self, !self.hasEnded, let support = self.bookSupport else { return }
      if support.search.isOpen {
        support.search.focusEntry()
        self.prepareIndex()
      } else {
        support.searchedText = nil
      }
    }
  }

  /// Shows the results for the entry's text, once the index is built.
  private func searchChanged() {
    guard isOpen, let support = bookSupport else { return }
    let text = support.search.text.trimmingCharacters(in: .whitespacesAndNewlines)
    // The words handled last: the entry's own late signal for words whose results the
    // finished index showed already changes nothing (it reloaded the results after a person
    // opened one). An emptied entry forgets them: the same words typed again search again.
    guard !text.isEmpty else {
      support.searchedText = nil
      return
    }
    guard text != support.searchedText else { return }
    if SearchIndexes.index(for: support.book) != nil {
      showResults(for: text)
    } else {
      prepareIndex()
    }
  }

  /// Builds the book's index off the main thread when it is not built, the entry showing it
  /// meanwhile; then shows the results for the entry's text, if any.
  /// An index that finishes after the dialog ended touches nothing of the dialog.
  private func prepareIndex() {
    guard !hasEnded, let support = bookSupport, SearchIndexes.index(for: support.book) == nil,
      !support.search.isBuilding
    else {
      return
    }
    let book = support.book
    support.search.isBuilding = true
    Task { @MainActor [weak self] in
      do throws(LoadError) {
        _ = try await SearchIndexes.prepare(book)
        guard let self, !self.hasEnded, let support = self.bookSupport else { return }
        support.search.isBuilding = false
        if self.isOpen, support.book == book { self.searchChanged() }
      } catch {
        guard let self, !self.hasEnded else { return }
        self.bookSupport?.search.isBuilding = false
        // A build the host dropped is no failure of the page: the next text typed builds again.
        if self.isOpen, error != SearchIndexes.dropped { self.viewer.show(error) }
      }
    }
  }

  /// Loads the results page for `text`.
  private func showResults(for text: String) {
    guard !hasEnded, let support = bookSupport else { return }
    support.searchedText = text
    viewer.load(BundledScheme.searchURL(query: text, in: support.book))
  }

  /// Enter in the entry: opens the best result's page at its section.
  private func openBestResult() {
    guard !hasEnded, let support = bookSupport, let index = SearchIndexes.index(for: support.book) else { return }
    let text = support.search.text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty, let best = (try? index.search(text, limit: 1))?.first else { return }
    viewer.load(HelpViewerEngine.url(of: best, in: support.book))
    viewer.takeFocus()
  }
}
