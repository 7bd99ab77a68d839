import HelpViewerGlue

/// Tells whether the page in a viewer has been scrolled to its end, or fits without scrolling,
/// as the page's real layout and scroll position say.
///
/// A user script runs in an isolated script world (`help-viewer-terms`) and posts to a message
/// handler registered only in that world: the page's world has no
/// `window.webkit.messageHandlers.helpViewerTermsEnd`, and cannot see or call the isolated
/// world's functions. The script measures the real scroll position on trusted `scroll`,
/// `resize` and `load` events (events a page script dispatches are not trusted, so ignored).
///
/// What that guarantees: the page's scripts cannot *claim* the end (they cannot post a report,
/// replace the isolated world's functions, or trigger a measurement with a synthetic event); a
/// report "end" means the document's end really was in view. What it does not: that a person
/// scrolled there, or read anything. The page's own script can scroll itself
/// (`window.scrollTo`, `scrollIntoView`, a `#fragment` at the end, focus on a last element):
/// the scroll is real, its events are trusted, and it counts. It can also make itself short
/// enough to fit (hiding text, or putting it in an inner scrolling box, which is not measured).
/// The terms page is the host's own document; the watcher keeps a page from faking the report,
/// not a page that scrolls or shapes itself.
///
/// ```swift
/// let watcher = EndOfDocumentWatcher(viewer)
/// watcher.onReport = { atEnd in if atEnd { enableAccept() } }
/// watcher.check()  // after the page loaded: report once more, at the end or not
/// ```
@MainActor
final class EndOfDocumentWatcher {
  /// The isolated script world the watcher's script runs in.
  static let worldName = "help-viewer-terms"
  /// The script message handler, registered in `worldName` only.
  static let handlerName = "helpViewerTermsEnd"

  /// Called with each report: `true` when the end of the document is in view.
  var onReport: ((Bool) -> Void)?
  /// How many reports came in (for tests: a report after `check()` means the page answered).
  private(set) var reportCount = 0

  /// The viewer's page (its parts own it).
  private weak var page: WebView?
  private let signals = SignalBag()

  /// Watches the pages `viewer` loads from now on (install before loading).
  init(_ viewer: LoadingWebView) {
    page = viewer.page
    let content = UserContent(viewer.userContentManager)
    content.registerMessageHandler(Self.handlerName, world: Self.worldName)
    content.addScript(Self.source, world: Self.worldName)
    signals += content.onMessage(Self.handlerName) { [weak self] value in
      self?.received(value)
    }
  }

  /// Asks the page's watcher script to report now, whether or not anything changed.
  func check() {
    page?.runIsolatedScript("window.__helpViewerTermsCheck && window.__helpViewerTermsCheck()", world: Self.worldName)
  }

  /// Stops listening.
  func detach() {
    signals.disconnectAll()
    onReport = nil
  }

  private func received(_ value: ScriptMessageValue) {
    switch value {
    case .string("end"):
      reportCount += 1
      onReport?(true)
    case .string("not-end"):
      reportCount += 1
      onReport?(false)
    default: break  // Nothing else is ever posted by our script.
    }
  }

  /// The isolated world's script. It reports on trusted events only and only measures: the
  /// document's real scroll position against its real height (2 px of slack for rounding).
  static let source = """
    (() => {
      const handler = window.webkit.messageHandlers.\(handlerName);
      const atEnd = () => {
        const root = document.scrollingElement || document.documentElement;
        if (!root) return false;
        const height = Math.max(root.scrollHeight,
          document.documentElement ? document.documentElement.scrollHeight : 0,
          document.body ? document.body.scrollHeight : 0);
        return Math.ceil(window.scrollY + window.innerHeight) >= height - 2;
      };
      let last = null;
      const report = (always) => {
        const now = atEnd();
        if (always || now !== last) {
          last = now;
          handler.postMessage(now ? "end" : "not-end");
        }
      };
      const onEvent = (event) => { if (event.isTrusted) report(false); };
      window.addEventListener("scroll", onEvent, { capture: true, passive: true });
      window.addEventListener("resize", onEvent, { passive: true });
      window.addEventListener("load", onEvent);
      window.__helpViewerTermsCheck = () => report(true);
      report(true);
    })();
    """
}
