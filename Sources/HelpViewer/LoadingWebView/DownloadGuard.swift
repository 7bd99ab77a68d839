import HelpViewerCGtk
import HelpViewerCWebKit
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

  private static func refuse(_ download: OpaquePointer) {
    // Should WebKit still ask where to put it, it gets no place.
    DownloadSignals.connectDecideDestination(download) { download in
      webkit_download_cancel(download)
      return true
    }
    DownloadSignals.connectEnded(download) { endedCount += 1 }
    webkit_download_cancel(download)
    refusedCount += 1
    let uri =
      webkit_download_get_request(download).flatMap { webkit_uri_request_get_uri($0) }.map { String(cString: $0) }
      ?? ""
    Log.message("Refused a download of \(uri.prefix(200)): pages may not save files.")
    guard let view = webkit_download_get_web_view(download) else { return }
    listeners[UnsafeMutableRawPointer(view)]?(uri)
  }
}
