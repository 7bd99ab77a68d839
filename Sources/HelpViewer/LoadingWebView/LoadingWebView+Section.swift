import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue

extension LoadingWebView {
  /// Scrolls a reused view's first page to its `#section`, as WebKit does for a new load.
  ///
  /// The page comes from a restored history item (`SessionHistory`), and WebKit restores the
  /// item's scroll position (the top) instead of scrolling to the section (issue 30: context
  /// help in a kept dialog window opened at the page's top). Once loaded, the same address is
  /// asked for again: a scroll within the page, with no load and no history entry.
  ///
  /// Then `keepSectionInView`.
  ///
  /// ```swift
  /// if state.phase == .loaded, let section = sectionToScroll { scrollToSection(section) }
  /// ```
  func scrollToSection(_ address: String) {
    sectionToScroll = nil
    webkit_web_view_load_uri(webView, address)
    keepSectionInView(address)
  }

  /// Keeps the section of a page just loaded at `address` in view while the page's width
  /// changes in its first second shown: WebKit scrolls to a section once, and a sheet that
  /// takes its size as it shows (a kept window's new size, a new one's first) reflows the text
  /// above it, so the section left the view (the randomized session test found it over a small
  /// parent: the section 1,400 px above the view). Asking for the address again scrolls there
  /// with no load and no history entry.
  func keepSectionInView(_ address: String) {
    let page: UnsafeMutablePointer<GtkWidget> = gcast(webView)
    var width = gtk_widget_get_width(page)
    var frames = 0
    page.addTickCallback { [weak self] in
      guard let self, !self.isDetached, self.state.phase == .loaded, self.state.url == address, frames < 60 else {
        return false
      }
      frames += 1
      let now = gtk_widget_get_width(page)
      if now != width {
        width = now
        webkit_web_view_load_uri(self.webView, address)
      }
      return true
    }
  }
}
