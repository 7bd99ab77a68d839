import HelpViewerCore
import HelpViewerGlue

/// Where the page's navigations meet `NavigationPolicy`: `decide-policy` (links, forms,
/// `target=_blank`, responses) and `create` (`window.open`).
///
/// Links that leave the allowed hosts open outside and the viewer stays where it was, but only
/// for a navigation a person started: WebKit says it came from a user gesture, and a mouse
/// button, key or touch press reached the web view since the last app was opened (so one click
/// opens one app). Anything else that asks for an outside app (a script, a meta refresh, a
/// timer, an iframe) is refused, and logged once per page.
///
/// Responses WebKit cannot show (downloads) are refused: the main frame's, which WebKit then
/// reports as a failed load (`cannotShowContent`); a frame's, with a note over the page
/// (`onRefusedDownload`, at most once per page; `DownloadGuard` catches every other download).
///
/// Navigations nobody clicked for (a script's `location.href`, a meta refresh) obey the same
/// policy, but WebKit asks `decide-policy` for iframes too and does not say which frame a
/// navigation is for. So a web navigation of that kind the policy would not allow is let go
/// at first and remembered; when its response arrives as the main frame's main resource, it is
/// refused there (the page before stays, the viewer reports `.stopped`). Iframes never get there.
@MainActor
final class NavigationGuard {
  var policy: NavigationPolicy
  /// Opens an address outside the app (the default browser, mail, phone).
  var openExternally: @MainActor (String) -> Void = { ExternalLauncher.open($0) }
  /// Called when a page's response is refused (a download, content WebKit cannot show): WebKit
  /// then just stops, so the viewer reports the failure itself.
  var onRefusedResponse: @MainActor (String) -> Void = { _ in }
  /// Called when a navigation that had started is refused (a meta refresh or script to a host
  /// the policy keeps out): the page before stays.
  var onRefusedNavigation: @MainActor () -> Void = {}
  /// Called with each navigation the policy decided and its verdict (for tests: what a page
  /// asked for, in order, including iframes' and scripts' navigations).
  var onDecision: @MainActor (NavigationRequest, NavigationDecision) -> Void = { _, _ in }
  /// The address the host itself asked to load: never second-guessed.
  private var hostLoad: String?
  /// Web navigations nobody clicked for that the policy would not allow, by address, with the
  /// verdict: refused if they turn out to be the main frame's (see the type's notes).
  private var unasked: [(url: String, verdict: NavigationDecision)] = []
  /// Called, at most once per page shown, when the page tried to save a file (a frame's
  /// response, or any download `DownloadGuard` refused for this view).
  var onRefusedDownload: @MainActor (String) -> Void = { _ in }
  /// Called with a `help:` address the policy allowed a page to go to (a link, a meta refresh,
  /// a script): WebKit cannot load it, so the viewer resolves it and shows the page.
  var onHelpAddress: @MainActor (String) -> Void = { _ in }
  /// Called when a new page shows (the note about a refused download goes).
  var onNewPage: @MainActor () -> Void = {}
  /// Presses (mouse button, key, touch) that reached the web view, and the press the last app
  /// opened outside was for: one click opens one app.
  private var presses = 0
  private var pressOpenedOutside = 0
  /// What the page shown was already logged for (each kind once per page), and whether it was
  /// already noted for trying to save a file.
  private var logged: Set<String> = []
  private var notedDownload = false
  private var pressWatcher: KeyPressHandler?

  init(policy: NavigationPolicy) { self.policy = policy }

  /// The viewer is about to load `uri` on the host's behalf.
  func expectHostLoad(_ uri: String) {
    hostLoad = uri
    unasked.removeAll()
    policy.adoptFirstPage(uri)
  }

  func connect(_ page: WebView, into signals: SignalBag) {
    // The page weakly: the closures belong to the web view, which the wrapper holds.
    signals += page.onDecidePolicy { [weak self, weak page] question, decision in
      self?.decide(question, decision, fromPage: page?.uri) ?? false
    }
    signals += page.onLoadChanged { [weak self] step in
      guard let self, step == .committed else { return }
      self.logged.removeAll()
      self.notedDownload = false
      self.onNewPage()
    }
    pressWatcher = page.addPressWatcher { [weak self] in
      self?.presses += 1
    }
    DownloadGuard.listen(page) { [weak self] uri in self?.refusedDownload(uri) }
    signals += page.onNewWindowAsked { [weak self, weak page] asked in
      guard let self else { return }
      var request = asked
      request.fromPage = page?.uri
      let verdict = self.policy.decide(request)
      self.onDecision(request, verdict)
      self.apply(verdict, to: request)
    }
  }

  /// A person pressed a link or button of the page in the text view: as a press on the page.
  func notePress() { presses += 1 }

  /// Stops watching the web view (its viewer detached; the view may serve another viewer).
  func disconnect(_ page: WebView) {
    pressWatcher?.remove()
    pressWatcher = nil
    DownloadGuard.stopListening(page)
  }

  /// Tells the viewer, once per page, that the page tried to save a file.
  private func refusedDownload(_ uri: String) {
    guard !notedDownload else { return }
    notedDownload = true
    onRefusedDownload(uri)
  }

  /// Returns whether it decided (`false` lets WebKit's default handler use the navigation).
  private func decide(_ question: PolicyQuestion, _ decision: PolicyDecision, fromPage: String?) -> Bool {
    switch question {
    case .navigation(let asked):
      var request = asked
      let newWindow = request.opensNewWindow
      request.fromPage = fromPage
      if !newWindow, let hostLoad, SameAddress.test(hostLoad, request.url) {
        self.hostLoad = nil
        return false
      }
      let verdict = policy.decide(request)
      onDecision(request, verdict)
      unasked.removeAll { $0.url == request.url }
      if verdict == .allow, !newWindow, URLInput.scheme(of: request.url) == NavigationPolicy.helpScheme {
        decision.ignore()
        onHelpAddress(request.url)
        return true
      }
      guard verdict != .allow else { return false }
      if !newWindow, Self.isUnasked(request) {
        unasked.append((request.url, verdict))  // Decided once it shows whether it is an iframe's.
        if unasked.count > 32 { unasked.removeFirst() }
        return false
      }
      decision.ignore()
      apply(verdict, to: request)
      return true
    case .response(let response):
      let isMainFrame = response.isMainFrameMainResource
      let requested = response.requestedURI
      if isMainFrame, let requested, let index = unasked.firstIndex(where: { $0.url == requested }) {
        let verdict = unasked.remove(at: index).verdict
        decision.ignore()
        onRefusedNavigation()
        apply(verdict, to: NavigationRequest(url: requested, kind: .other, isUserGesture: false))
        return true
      }
      guard !response.isMimeTypeSupported || response.isAttachment else { return false }
      decision.ignore()  // No downloads.
      if isMainFrame {
        onRefusedResponse(requested ?? "")
      } else {
        Log.message("Refused a frame's download of \((requested ?? "").prefix(200)): pages may not save files.")
        refusedDownload(requested ?? "")
      }
      return true
    }
  }

  /// A web navigation no person asked for (a script, a meta refresh), which may be an iframe's.
  private static func isUnasked(_ request: NavigationRequest) -> Bool {
    let personAsked = request.kind == .linkClicked || request.kind == .formSubmitted || request.isUserGesture
    let scheme = URLInput.scheme(of: request.url)
    return !personAsked && !request.isRedirect && request.kind != .history && (scheme == "http" || scheme == "https")
  }

  /// Opens `request` outside when the verdict says so and a person asked for it, once per press;
  /// logs a refusal once per page and kind.
  private func apply(_ verdict: NavigationDecision, to request: NavigationRequest) {
    let address = request.url.prefix(200)
    switch verdict {
    case .allow: return
    case .refuse:
      logOnce("refused", "Refused to go to \(address): the navigation policy does not allow it.")
    case .openExternally:
      guard request.isUserGesture, presses > pressOpenedOutside else {
        logOnce(
          "outside", "Refused to open \(address) outside the app: no click or key press of a person asked for it.")
        return
      }
      pressOpenedOutside = presses
      openExternally(request.url)
    }
  }

  private func logOnce(_ kind: String, _ text: String) {
    guard logged.insert(kind).inserted else { return }
    Log.message(text)
  }
}
