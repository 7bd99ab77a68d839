import HelpViewerCore
import HelpViewerGlue

/// No page saves a file: every download WebKit starts, on every network session the package
/// makes, is cancelled where it starts (`download-started`), before any file exists.
///
/// The navigation guard already refuses responses that would become downloads (the main
/// frame's show `cannotShowContent`, a frame's get a note); this catches the rest: `<a
/// download>` clicked by a person or a script, `blob:` and `data:` downloads, and anything a
/// pool spare or a preloaded page starts. The viewer showing the page, if any, is told, and
/// shows its note once per page.
///
/// ```swift
/// DownloadGuard.watch(session)               // WebEngine, for each session it makes
/// DownloadGuard.listen(webView) { uri in … } // a viewer, for the page it shows
/// ```
@MainActor
enum DownloadGuard {
  /// What each web view's viewer does with a refused download (its address), by web view.
  private static var listeners: [UnsafeMutableRawPointer: @MainActor (String) -> Void] = [:]
  /// Downloads refused since the process started, and how many of them WebKit has ended (for
  /// tests: a refused download is over once it ended, and no file is written after that).
  private(set) static var refusedCount = 0
  private(set) static var endedCount = 0

  /// How many web views' viewers listen now (for tests: a viewer gone leaves none behind).
  static var listenerCount: Int { listeners.count }

  /// Cancels every download started on `session` (a `WebKitNetworkSession *`).
  static func watch(_ session: GObjectRef) {
    DownloadSignals.connectStarted(session.opaque) { download in refuse(download) }
  }

  /// Calls `body` with a refused download's address when `webView` started it; replaces what
  /// an earlier viewer of the same web view asked for.
  static func listen(_ page: WebView, _ body: @escaping @MainActor (String) -> Void) {
    listeners[page.raw] = body
  }

  /// Forgets the listener of `webView` (its viewer detached).
  static func stopListening(_ page: WebView) {
    listeners.removeValue(forKey: page.raw)
  }

  private static func refuse(_ pointer: OpaquePointer) {
    let download = Download(pointer)
    // Should WebKit still ask where to put it, it gets no place.
    DownloadSignals.connectDecideDestination(pointer) { asking in
      Download(asking).cancel()
      return true
    }
    DownloadSignals.connectEnded(pointer) { endedCount += 1 }
    download.cancel()
    refusedCount += 1
    let uri = download.uri
    Log.message("Refused a download of \(uri.prefix(200)): pages may not save files.")
    guard let view = download.webViewAddress else { return }
    listeners[view]?(uri)
  }
}
