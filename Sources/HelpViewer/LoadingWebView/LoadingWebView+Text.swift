import HelpViewerCore
import HelpViewerGlue

extension LoadingWebView {
  /// Whether the page shows as text, native widgets a screen reader reads (Show as Text in
  /// the dialog's menu, `viewer.show-text`). Screen reader users get the text view without
  /// asking where GTK cannot expose the page itself (before GTK 4.14: `ScreenReaderWatch`);
  /// set, it is the person's choice, whatever a screen reader.
  ///
  /// ```swift
  /// viewer.showsText = true   // headings, paragraphs, lists, links and buttons as GTK widgets
  /// ```
  public var showsText: Bool {
    get { pageText.isShown }
    set {
      pageText.isRequested = newValue
      textModeChanged()
    }
  }

  /// Whether the text view shows now, asked for or for a screen reader.
  public var isShowingText: Bool { pageText.isShown }

  /// The text view's widgets (for tests and the terms dialog).
  var textView: TextPageView { pageText.view }

  /// Switches the text view on or off for a screen reader.
  func setTextForScreenReader(_ on: Bool) {
    guard pageText.isAutomatic != on else { return }
    pageText.isAutomatic = on
    textModeChanged()
  }

  /// Shows the text view or the page as the mode now says; reads the page's text when the text
  /// view comes.
  func textModeChanged() {
    guard !isDetached else { return }
    actions.setToggle(.showText, isShowingText)
    pageText.wantsFocus = ownsFocusOrNobodyHasIt
    showCurrentView()
    if isShowingText {
      followPageInText(state)
    } else {
      pageText.forget()
      if ownsFocusOrNobodyHasIt { takeFocus() }
    }
  }

  /// Connects the text view: activation, and the state it follows.
  func installPageText() {
    textView.onActivate = { [weak self] block in self?.activateInPage(block) }
    observe { [weak self] state in self?.followPageInText(state) }
  }

  /// Keeps the text view on the page: a new page is read once loaded, a new `#section` is
  /// scrolled to, an error or a new load empties it.
  func followPageInText(_ state: LoadState) {
    guard isShowingText, !isDetached else { return }
    guard state.error == nil, state.phase == .loaded, let url = state.url else {
      if pageText.readLoad != nil || textView.outline != nil {
        // The focus in the text view goes back to it with the next page's text.
        pageText.wantsFocus = pageText.wantsFocus || ownsFocusOrNobodyHasIt
        pageText.forget()
      }
      return
    }
    if pageText.readLoad == state.loadNumber, let shown = pageText.readAddress, DocumentAddress.same(shown, url) {
      if shown != url {
        pageText.readAddress = url
        if let index = textView.outline?.blockIndex(forSectionOf: url) { textView.scroll(toBlock: index, focus: true) }
      }
      return
    }
    readPageText()
  }

  /// Reads the page's text from its DOM (`PageOutline.script`, in an isolated world) and shows
  /// it; `focusing` a block afterwards (the one activated, when the page changed it).
  func readPageText(focusing index: Int? = nil) {
    let number = state.loadNumber
    pageText.readLoad = number
    pageText.readAddress = state.url
    page.evaluateIsolatedScript(PageOutline.script, world: PageOutline.world) { [weak self] json in
      guard let self, !self.isDetached, self.isShowingText, self.state.loadNumber == number,
        self.state.phase == .loaded
      else { return }
      self.showPageText(json, focusing: index)
    }
  }

  private func showPageText(_ json: String?, focusing index: Int?) {
    let outline: PageOutline
    do {
      outline = try PageOutline(json: json ?? "")
    } catch {
      textView.showMessage(
        title: localized("This page cannot be shown as text"),
        text: localized("Its text could not be read. Turn off Show as Text in the menu to see the page."))
      return
    }
    let takesFocus = pageText.wantsFocus || ownsFocusOrNobodyHasIt
    pageText.wantsFocus = false
    textView.show(outline)
    if !model.findState.text.isEmpty, model.findState.isShown { findInText(model.findState.text) }
    let section = state.url.flatMap { outline.blockIndex(forSectionOf: $0) }
    if let target = index ?? section {
      textView.scroll(toBlock: target, focus: takesFocus)
    } else if takesFocus, !outline.blocks.isEmpty {
      textView.scroll(toBlock: 0, focus: true)
    }
  }

  /// Activates a link or button of the text view in the page, as a click does (the same
  /// navigation policy); a button's effect on the page is read again.
  private func activateInPage(_ block: TextBlock) {
    guard let target = block.target, let outline = textView.outline,
      let index = outline.blocks.firstIndex(of: block)
    else { return }
    // A person's press, as on the page: a link may open outside once for it (`NavigationGuard`).
    navigationGuard.notePress()
    let script = PageOutline.activationScript(generation: outline.generation, target: target)
    page.evaluateIsolatedScript(script, world: PageOutline.world) { [weak self] answer in
      guard let self, !self.isDetached, self.isShowingText, self.state.phase == .loaded else { return }
      if answer != "activated" || !(block.kind == .button(target: target)) {
        if answer != "activated" { self.readPageText() }
        return
      }
      self.readPageText(focusing: index)
    }
  }
}
