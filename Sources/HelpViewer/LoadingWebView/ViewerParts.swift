import HelpViewerCore
import HelpViewerGlue

/// The widgets of a `LoadingWebView`: the web view (with its user content manager), the stack
/// that shows it or the error view, and the spinner, progress bar, offline banner, download note
/// and find bar over it.
///
/// A closed dialog's parts serve the next dialog's viewer (`ViewPool.keep`): a new
/// `LoadingWebView` takes them with `reset(for:)` instead of building new ones, so the next
/// dialog needs no new web view and no new window.
///
/// ```swift
/// let parts = ViewerParts(configuration)        // new widgets, a new web view from `WebEngine`
/// parts.reset(for: configuration)               // before another viewer takes them
/// ```
@MainActor
final class ViewerParts {
  let webViewRef: GObjectRef
  /// The web view's user content manager (user scripts, script message handlers).
  let userContentManager: GObjectRef
  let root: Overlay
  /// The page, its error view or its text view: one at a time.
  let stack = Stack()
  let spinner = Spinner()
  let progressBar = ProgressBar()
  /// The web view as a widget (in the stack, under the error view and the text view).
  let page: WebView
  let errorView = ErrorView()
  let offlineBanner = OfflineBanner()
  /// The note over the page when it tried to download a file.
  let downloadNote = NoteBanner()
  let findBar = FindBar()
  /// The web view's find in page.
  let findController: FindController
  /// The page as native widgets, for screen readers (`LoadingWebView.showsText`).
  let textView = TextPageView()
  /// Whether the web view showed pages of an earlier viewer: its history is replaced when the
  /// next viewer loads its first page (`SessionHistory`).
  private(set) var isRecycled = false

  /// New widgets on a web view from `WebEngine`: `spare` (a pool's) when given and it fits.
  init(_ configuration: ViewerConfiguration, spare: WebEngine.View? = nil) {
    (webViewRef, userContentManager) = WebEngine.makeWebView(configuration, spare: spare)
    page = WebView(webViewRef)
    findController = FindController(of: webViewRef.raw)
    page.expandsHorizontally = true
    page.expandsVertically = true

    stack.add(page, named: "page")
    stack.add(errorView.root, named: "error")
    stack.add(Widget(sinking: textView.root.raw), named: "text")

    spinner.setMinimumSize(width: 32, height: 32)
    spinner.horizontalAlignment = .center
    spinner.verticalAlignment = .center
    spinner.receivesPointer = false
    spinner.tooltip = localized("Loading")
    spinner.setAccessibleLabel(localized("Loading"))

    progressBar.addStyleClass("help-viewer-progress")
    progressBar.verticalAlignment = .start
    progressBar.expandsHorizontally = true
    progressBar.receivesPointer = false

    root = Overlay(child: stack)
    downloadNote.root.verticalAlignment = .start
    for child: Widget in [spinner, offlineBanner.root, downloadNote.root, progressBar, findBar.root] {
      root.addOverlay(child)
    }
    root.addStyleClass("help-viewer")
  }

  /// On the main thread, wherever the last reference went: the widgets are released there.
  isolated deinit {}

  /// Empties the web view for the next viewer: its page gives way to an empty document (no
  /// script of it runs on), and its history is checked to be replaceable (`SessionHistory`).
  /// Returns `false` when WebKit did not take a new history, and the parts must not be reused.
  ///
  /// The empty document gets an address on the closed page's site as its base, so it stays on
  /// that site: after `about:blank`, WebKit moves the next bundled page to a new web process
  /// (measured: a warm open of 390 ms instead of 75 ms, and one more process). Never the closed
  /// page's own address (`ClosedPageAddress`): the next page, that page at a section, would be
  /// taken for a scroll within the empty document, and load nothing.
  func retire() -> Bool {
    page.stopLoading()
    let base = page.uri.flatMap { ClosedPageAddress.base(onSiteOf: $0) }
    guard SessionHistory.restore(in: page, only: "about:blank") else { return false }
    // No script or style sheet of the closed viewer runs on the empty page (nor later).
    WebEngine.scrub(userContentManager)
    page.loadHTML("", base: base)
    isRecycled = true
    return true
  }

  /// Makes the parts what a new viewer with `configuration` would have built: its settings,
  /// none of the scripts or handlers an earlier viewer added, the page showing (not the error
  /// view), the find bar hidden and empty.
  func reset(for configuration: ViewerConfiguration) {
    WebEngine.configure(webViewRef, configuration)
    WebEngine.scrub(userContentManager)
    stack.visibleChildName = "page"
    textView.clear()
    textView.onActivate = nil
    textView.onEndReached = nil  // A terms dialog's, before.
    downloadNote.hide()
    findBar.entry.text = ""
    findController.finish()
    findBar.render(FindState())
    findBar.searchActive = false
  }
}
