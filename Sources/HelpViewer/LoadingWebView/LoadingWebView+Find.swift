import HelpViewerCore
import HelpViewerGlue

/// Find in page with WebKit's find controller: case-insensitive, wrapping around, searching as
/// the person types, with the number of matches counted.
///
/// ```swift
/// viewer.showFindBar()
/// viewer.find("shortcut")
/// viewer.findNext()
/// print(viewer.model.findState.summary)  // "3 matches"
/// ```
extension LoadingWebView {
  /// WebKit's find controller of the page.
  var findController: FindController { parts.findController }

  /// Shows the find bar with the keyboard focus in its entry (its text selected, so typing
  /// replaces it); searches again for the text already there.
  ///
  /// ```swift
  /// viewer.showFindBar()  // as Ctrl+F does
  /// ```
  public func showFindBar() {
    guard !isDetached else { return }
    let wasShown = model.findState.isShown
    model.findState.isShown = true
    findBar.render(model.findState)
    findBar.entry.grabFocus()
    findBar.entry.selectAll()
    if !wasShown && !model.findState.text.isEmpty { search(model.findState.text) }
  }

  /// Hides the find bar, removes the highlights and gives the page the keyboard focus back.
  /// Returns whether the bar was shown (Esc closes the bar first, the dialog only after).
  ///
  /// ```swift
  /// if !viewer.hideFindBar() { closeMyWindow() }
  /// ```
  @discardableResult
  public func hideFindBar() -> Bool {
    guard !isDetached, model.findState.isShown else { return false }
    model.findState.isShown = false
    endSearch()
    findBar.render(model.findState)
    page.grabFocus()
    return true
  }

  /// Searches the page for `text` (case-insensitive) and counts its matches; shows the bar
  /// with `text` in its entry. An empty text ends the search.
  ///
  /// ```swift
  /// viewer.find("printing")
  /// ```
  public func find(_ text: String) {
    guard !isDetached else { return }
    revealBar()
    if findBar.text != text {
      // The entry's `search-changed` follows, and finds the text already searched.
      findBar.entry.text = text
    }
    guard text != model.findState.text || !findBar.searchActive else { return }
    search(text)
  }

  /// Moves to the next match (wrapping around), as Enter and Ctrl+G do; shows the bar again
  /// when it was closed.
  public func findNext() {
    guard !isDetached else { return }
    step(forward: true)
  }

  /// Moves to the previous match (wrapping around), as Shift+Enter and Shift+Ctrl+G do.
  public func findPrevious() {
    guard !isDetached else { return }
    step(forward: false)
  }

  // MARK: - Inside the package

  /// Connects the find controller's signals and the bar's entry and buttons.
  func connectFind() {
    signals += findController.connectFoundText { [weak self] _ in
      guard let self, self.model.findState.noResults else { return }
      self.updateFind { $0.noResults = false }
    }
    signals += findController.connectFailedToFindText { [weak self] in
      self?.updateFind {
        $0.noResults = true
        $0.matchCount = 0
      }
    }
    signals += findController.connectCountedMatches { [weak self] count in self?.countedMatches(count) }
    signals += findBar.entry.connectSearchChanged { [weak self] in
      guard let self else { return }
      let text = self.findBar.text
      if text != self.model.findState.text || !self.findBar.searchActive { self.search(text) }
    }
    signals += findBar.entry.connectStopSearch { [weak self] in self?.hideFindBar() }
    signals += findBar.nextButton.connectClicked { [weak self] in self?.findNext() }
    signals += findBar.previousButton.connectClicked { [weak self] in self?.findPrevious() }
    signals += findBar.closeButton.connectClicked { [weak self] in self?.hideFindBar() }
    // On the entry: Enter on the bar's buttons still presses them.
    let entry = findBar.entry
    shortcuts += [
      entry.addShortcut("Return|KP_Enter|ISO_Enter") { [weak self] in
        self?.findNext()
        return true
      },
      entry.addShortcut("<Shift>Return|<Shift>KP_Enter|<Shift>ISO_Enter") { [weak self] in
        self?.findPrevious()
        return true
      },
      // Esc closes the bar wherever the focus is inside the viewer; with the bar hidden the key
      // goes on (to the dialog, which closes).
      root.addShortcut("Escape") { [weak self] in self?.hideFindBar() ?? false },
    ].compactMap { $0 }
  }

  /// A new page was loaded: search it again for the bar's text.
  func pageLoadedForFind() {
    findBar.searchActive = false
    guard model.findState.isShown, !model.findState.text.isEmpty else { return }
    search(model.findState.text)
  }

  // MARK: - Private

  private func search(_ text: String) {
    updateFind {
      $0.text = text
      $0.matchCount = nil
      $0.noResults = false
    }
    guard !text.isEmpty else {
      endSearch()
      return
    }
    if isShowingText {
      findBar.searchActive = true
      findInText(text)
      return
    }
    stopKeepingSection()  // The matches, not the section, are what the person looks for now.
    findController.search(text, maxCount: FindState.maxMatchCount)
    findBar.searchActive = true
    findBar.pendingCounts.append(text)
    if findBar.pendingCounts.count > 50 { findBar.pendingCounts.removeFirst() }
    findController.countMatches(text, maxCount: FindState.maxMatchCount)
  }

  private func step(forward: Bool) {
    let text = model.findState.text
    guard !text.isEmpty else { return }
    revealBar()
    guard findBar.searchActive else {
      search(text)
      return
    }
    if isShowingText {
      stepInText(forward: forward)
    } else if forward {
      findController.next()
    } else {
      findController.previous()
    }
  }

  /// Shows the bar without moving the focus: highlights show only with the bar, so that Esc
  /// and its close button can end them.
  private func revealBar() {
    guard !model.findState.isShown else { return }
    model.findState.isShown = true
    findBar.render(model.findState)
  }

  private func endSearch() {
    guard findBar.searchActive else { return }
    findBar.searchActive = false
    findController.finish()
    pageText.matches = []
    pageText.currentMatch = nil
    textView.highlight([])
  }

  /// Find in the text view: marks the blocks holding `text`, counts its matches, and shows the
  /// first (the focus stays in the find bar).
  func findInText(_ text: String) {
    guard let outline = textView.outline else { return }
    let matches = outline.blocksMatching(text)
    pageText.matches = matches
    pageText.currentMatch = matches.isEmpty ? nil : 0
    textView.highlight(matches)
    if let first = matches.first { textView.scroll(toBlock: first, focus: false) }
    let count = min(outline.matchCount(text), FindState.maxMatchCount + 1)
    updateFind {
      $0.matchCount = count
      $0.noResults = count == 0
    }
  }

  /// The next or previous block holding the text searched, round the end.
  private func stepInText(forward: Bool) {
    let matches = pageText.matches
    guard !matches.isEmpty else { return }
    let current = pageText.currentMatch ?? (forward ? -1 : 0)
    let next = (current + (forward ? 1 : -1) + matches.count) % matches.count
    pageText.currentMatch = next
    textView.scroll(toBlock: matches[next], focus: false)
  }

  /// `counted-matches`: applies the count when it belongs to the text searched now.
  private func countedMatches(_ count: Int) {
    let countedText = findBar.pendingCounts.isEmpty ? model.findState.text : findBar.pendingCounts.removeFirst()
    guard countedText == model.findState.text, !countedText.isEmpty else { return }
    let capped = count > FindState.maxMatchCount ? FindState.maxMatchCount + 1 : count
    updateFind {
      $0.matchCount = capped
      $0.noResults = capped == 0
    }
  }

  private func updateFind(_ change: (inout FindState) -> Void) {
    var findState = model.findState
    change(&findState)
    guard findState != model.findState else { return }
    model.findState = findState
    findBar.render(findState)
    updateActions()
  }
}
