import HelpViewerCore
import HelpViewerGlue

extension LoadingWebView {
  /// The note over the page when it tried to save a file.
  static var downloadNoteText: String {
    localized("This page tried to download a file. Downloads are not allowed here.")
  }

  /// No page saves a file: a main-frame response WebKit would download ends in the error view
  /// (`cannotShowContent`); any other download the page starts (a frame's, `<a download>`,
  /// `blob:` or `data:`) is cancelled where WebKit starts it, and the note over the page says so
  /// once per page (see `NavigationGuard` and `DownloadGuard`).
  ///
  /// ```swift
  /// viewer.isShowingDownloadNote   // true after the page's iframe answered an attachment
  /// ```
  func refuseDownloads() {
    navigationGuard.onRefusedResponse = { [weak self] uri in
      let error = LoadError(
        .cannotShowContent, url: uri, details: "Downloads and files WebKit cannot show are refused.")
      self?.handle(.refused(error))
    }
    navigationGuard.onRefusedDownload = { [weak self] _ in
      guard let self, !self.isDetached else { return }
      self.parts.downloadNote.show(Self.downloadNoteText)
    }
    navigationGuard.onNewPage = { [weak self] in self?.parts.downloadNote.hide() }
  }

  /// Whether the note about a refused download shows.
  var isShowingDownloadNote: Bool { parts.downloadNote.isShown }
}
