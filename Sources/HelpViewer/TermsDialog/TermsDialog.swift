import Foundation
import HelpViewerCore
import HelpViewerGlue

/// Terms of service a person must read to the end before accepting, in the help dialog's
/// sheet, with Decline and Accept; the answer comes back as a `TermsDecision`.
///
/// Accept becomes sensitive only once the terms page has loaded, its bytes are fingerprinted,
/// and the person has scrolled to its end (or it fits without scrolling), as measured in the
/// page by a script in an isolated world that the page's own scripts cannot reach
/// (`EndOfDocumentWatcher`). Accepting gives a `TermsReceipt` of exactly the document shown.
/// Closing without a choice (the close button, Esc, Ctrl+W, the parent destroyed, the parent's
/// `GtkApplication` quitting) is `.dismissed`. The dialog is modal, transient for its parent and
/// destroyed with it, and a window of the parent's application while it is open.
///
/// ```swift
/// let decision = await TermsDialog.present(termsURL, over: window)
/// if case .accepted(let receipt) = decision { save(receipt) }
/// // Later: has the served document changed since?
/// if try await TermsDialog.mustShowAgain(receipt) { … }
/// ```
@MainActor
public final class TermsDialog {
  /// The viewer inside the dialog.
  public var viewer: LoadingWebView { sheet.viewer }
  /// The dialog's `GtkWindow` until there is an answer (the dialog has ended then), afterwards
  /// `nil`. GTK owns it.
  public var window: OpaquePointer? { sheet.window }
  /// The terms the host asked to show.
  public let url: URL
  /// A bundled copy of the terms, shown (and acceptable, marked in the receipt) when `url`
  /// cannot load: the viewer's offline copy (`ViewerConfiguration.offlineFallback`), with its
  /// note and Retry.
  public let offlineCopy: URL?
  /// The answer, once there is one (the dialog is closed then).
  public private(set) var decision: TermsDecision?
  /// Called once, with the answer.
  public var onDecision: ((TermsDecision) -> Void)?
  /// Whether Accept can act now.
  public private(set) var canAccept = false
  /// Whether the person has reached the end of the current terms document.
  public private(set) var hasReachedEnd = false
  /// The language of the terms shown, for terms from a terms book (`TermsDialog+Book.swift`):
  /// it goes into the receipt.
  public internal(set) var language: String?

  /// The prefix of the dialog's actions in its window: `terms.accept` (enabled when Accept can
  /// act) and `terms.decline`.
  ///
  /// ```swift
  /// gtk_widget_activate_action_variant(dialog.window, "terms.accept", nil)  // a host's UI test
  /// ```
  public static let actionPrefix = "terms"

  let sheet: HelpDialog
  let footer = TermsFooter()
  private let actions = ActionGroup()
  let watcher: EndOfDocumentWatcher
  /// The fingerprint of the terms document shown now, once its bytes were read.
  private(set) var fingerprint: DocumentFingerprint?
  /// WebKit could not give the shown document's bytes, so there is nothing to put in a receipt.
  private var documentUnreadable = false
  /// The addresses that are the terms: the one asked for and where it ended up after redirects
  /// (a link followed away from them cannot be accepted).
  private var termsAddresses: Set<String> = []
  /// Counts loads, so that late answers about an earlier document are dropped.
  private var generation = 0
  private var previous = LoadState()
  private let signals = SignalBag()
  private var keepAlive: TermsDialog?

  /// On the main thread, wherever the last reference went: the dialog's widgets are GTK's.
  isolated deinit {}
  private var waiters: [CheckedContinuation<TermsDecision, Never>] = []

  /// Shows the terms at `url` over `parent` (a `GtkWindow`, or any widget in one, as any pointer:
  /// see `DialogParent`; `nil` for none) and returns the person's answer once the dialog closes.
  /// Cancelling the awaiting task closes the dialog: the answer is then `.dismissed`.
  public static func present(
    _ url: URL, title: String = localized("Terms of Service"), over parent: (any DialogParent)? = nil,
    offlineCopy: URL? = nil
  ) async -> TermsDecision {
    let dialog = TermsDialog(url, title: title, over: parent, offlineCopy: offlineCopy)
    dialog.present()
    return await dialog.waitForDecision()
  }

  /// A dialog for the terms at `url`, not shown yet: call `present()`.
  public init(
    _ url: URL, title: String = localized("Terms of Service"), over parent: (any DialogParent)? = nil,
    offlineCopy: URL? = nil
  ) {
    HelpViewerEngine.integrateMainLoop()
    self.url = url
    self.offlineCopy = offlineCopy
    // Only what the terms need: no navigation, but back while a link took the person away from
    // the terms, and reload when they could not be read (`render`).
    sheet = HelpDialog(title: title, over: parent, controls: .standard)
    sheet.setFooter(footer.bar)
    sheet.viewer.offlineFallback = offlineCopy
    watcher = EndOfDocumentWatcher(sheet.viewer)
    watcher.onReport = { [weak self] atEnd in self?.pageReported(atEnd: atEnd) }
    // In the text view (Show as Text, a screen reader), its end counts as the page's.
    sheet.viewer.textView.onEndReached = { [weak self] in self?.textReachedEnd() }
    // `terms.accept` and `terms.decline`, in the dialog's window: the buttons' actions, and what
    // a host's UI test activates.
    actions.add("accept") { [weak self] in self?.accept() }
    actions.add("decline") { [weak self] in self?.decline() }
    actions.setEnabled("accept", false)  // Until the terms are read to their end.
    sheet.dialogWindow.insertActions(actions, as: Self.actionPrefix)
    footer.acceptButton.actionName = "\(Self.actionPrefix).accept"
    footer.declineButton.actionName = "\(Self.actionPrefix).decline"
    sheet.onClose = { [weak self] in self?.finish(.dismissed) }
    viewer.observe { [weak self] state in self?.stateChanged(state) }
  }

  /// Shows the dialog and loads the terms; the dialog stays alive until it has an answer.
  public func present() {
    guard decision == nil, keepAlive == nil else { return }
    keepAlive = self
    sheet.present()
    // The keyboard scrolls the terms at once (Page Down, Space, End).
    _ = viewer.page.grabFocus()
    viewer.load(url)
    if let address = viewer.state.requestedURL { termsAddresses.insert(address) }
    termsAddresses.insert(url.absoluteString)
  }

  /// Returns the answer once there is one (at once when there already is). Cancelling the task
  /// that waits dismisses the dialog (on the main actor's next turn): the answer is `.dismissed`.
  public func waitForDecision() async -> TermsDecision {
    if let decision { return decision }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { waiter in
        // Answered meanwhile (a cancellation handled before the wait began): no waiting.
        if let decision { waiter.resume(returning: decision) } else { waiters.append(waiter) }
      }
    } onCancel: {
      // Any thread: the dialog is the main actor's.
      Task { @MainActor [weak self] in self?.dismiss() }
    }
  }

  /// How many tasks wait in `waitForDecision()` now (for tests).
  var waitingTasks: Int { waiters.count }

  /// Accepts, as the Accept button does; does nothing while Accept is insensitive.
  public func accept() {
    guard canAccept, let fingerprint else { return }
    let receipt = TermsReceipt(
      requestedURL: url.absoluteString, document: fingerprint, title: viewer.state.title,
      isOfflineCopy: viewer.state.isOfflineCopy, acceptedAt: Date(), language: language)
    finish(.accepted(receipt))
  }

  /// Declines, as the Decline button does.
  public func decline() { finish(.declined) }

  /// Closes without a choice (`.dismissed`), as the close button and Esc do.
  public func dismiss() { finish(.dismissed) }

  // MARK: - Page → Accept

  private func stateChanged(_ state: LoadState) {
    defer {
      previous = state
      render()
    }
    let newLoad =
      state.phase == .loading && (previous.phase != .loading || state.requestedURL != previous.requestedURL)
    if newLoad || state.error != nil {
      generation += 1
      hasReachedEnd = false
      fingerprint = nil
      documentUnreadable = false
    }
    if state.phase == .loaded && previous.phase != .loaded {
      readDocument()
      watcher.check()
    }
  }

  /// Whether the page shown is the terms: the address asked for (or where it ended up), or
  /// the offline copy the viewer shows when that failed (its address stays the one asked for).
  private var showsTerms: Bool {
    let state = viewer.state
    return state.isOfflineCopy || (state.requestedURL.map { termsAddresses.contains($0) } ?? false)
  }

  private func readDocument() {
    let current = generation
    Task { @MainActor [weak self] in
      guard let self else { return }
      let read = try? await self.viewer.documentFingerprint()
      guard current == self.generation, self.viewer.state.phase == .loaded else { return }
      self.fingerprint = read
      self.documentUnreadable = read == nil
      if let read, self.showsTerms { self.termsAddresses.insert(read.finalURL) }
      self.render()
    }
  }

  private func pageReported(atEnd: Bool) {
    // Only reports about a loaded terms document count; earlier ones are asked for again on load.
    guard atEnd, viewer.state.phase == .loaded, showsTerms else { return }
    hasReachedEnd = true
    render()
  }

  /// The text view's end came into view: the end of the terms when it shows the terms' text.
  private func textReachedEnd() {
    guard viewer.isShowingText, let shown = viewer.textView.outline?.address, let url = viewer.state.url,
      DocumentAddress.same(shown, url)
    else { return }
    pageReported(atEnd: true)
  }

  private func render() {
    // Once answered the dialog and its footer are destroyed; a document read still under way
    // must not touch them.
    guard decision == nil else { return }
    let state = viewer.state
    canAccept = decision == nil && state.phase == .loaded && showsTerms && hasReachedEnd && fingerprint != nil
    let hint: String
    switch state.phase {
    case .idle, .loading: hint = localized("Loading the terms…")
    case .failed: hint = localized("The terms could not be loaded, so they cannot be accepted now.")
    case .loaded:
      if !showsTerms {
        hint = localized("Go back to the terms to accept them.")
      } else if documentUnreadable {
        hint = localized("The terms could not be read, so they cannot be accepted now. Reload to try again.")
      } else if !hasReachedEnd {
        hint =
          viewer.state.isOfflineCopy
          ? localized(
            "The online terms could not be loaded: this is the copy saved with the app. Read it to the end to accept it."
          )
          : localized("Read the terms to the end to accept them.")
      } else {
        hint = viewer.state.isOfflineCopy ? localized("This is the copy of the terms saved with the app.") : ""
      }
    }
    footer.render(canAccept: canAccept, hint: hint)
    actions.setEnabled("accept", canAccept)
    sheet.header.showOnly(back: state.canGoBack, reload: documentUnreadable && state.phase == .loaded)
  }

  // MARK: - The answer

  private func finish(_ answer: TermsDecision) {
    guard decision == nil else { return }
    decision = answer
    canAccept = false
    watcher.detach()
    signals.disconnectAll()
    sheet.onClose = nil
    sheet.close()
    let waiting = waiters
    waiters.removeAll()
    for waiter in waiting { waiter.resume(returning: answer) }
    onDecision?(answer)
    onDecision = nil
    keepAlive = nil
  }
}
