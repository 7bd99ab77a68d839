import HelpViewerCGtk
import HelpViewerCWebKit
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
  let root: GObjectRef
  let stack: OpaquePointer
  let spinner: OpaquePointer
  let progressBar: OpaquePointer
  let errorView = ErrorView()
  let offlineBanner = OfflineBanner()
  /// The note over the page when it tried to download a file.
  let downloadNote = NoteBanner()
  let findBar = FindBar()
  /// The page as native widgets, for screen readers (`LoadingWebView.showsText`).
  let textView = TextPageView()
  /// Whether the web view showed pages of an earlier viewer: its history is replaced when the
  /// next viewer loads its first page (`SessionHistory`).
  private(set) var isRecycled = false

  var webView: UnsafeMutablePointer<WebKitWebView> { webViewRef.pointer() }

  /// New widgets on a web view from `WebEngine`: `spare` (a pool's) when given and it fits.
  init(_ configuration: ViewerConfiguration, spare: WebEngine.View? = nil) {
    (webViewRef, userContentManager) = WebEngine.makeWebView(configuration, spare: spare)
    gtk_widget_set_hexpand(webViewRef.widget, 1)
    gtk_widget_set_vexpand(webViewRef.widget, 1)

    stack = gcast(gtk_stack_new()!)
    gtk_stack_add_named(stack, webViewRef.widget, "page")
    gtk_stack_add_named(stack, errorView.root.widget, "error")
    gtk_stack_add_named(stack, textView.root.widget, "text")

    spinner = gcast(gtk_spinner_new()!)
    gtk_widget_set_size_request(gcast(spinner), 32, 32)
    gtk_widget_set_halign(gcast(spinner), GTK_ALIGN_CENTER)
    gtk_widget_set_valign(gcast(spinner), GTK_ALIGN_CENTER)
    gtk_widget_set_can_target(gcast(spinner), 0)
    gtk_widget_set_tooltip_text(gcast(spinner), localized("Loading"))
    UnsafeMutablePointer<GtkWidget>(gcast(spinner)).setAccessibleLabel(localized("Loading"))

    progressBar = gcast(gtk_progress_bar_new()!)
    gtk_widget_add_css_class(gcast(progressBar), "help-viewer-progress")
    gtk_widget_set_valign(gcast(progressBar), GTK_ALIGN_START)
    gtk_widget_set_hexpand(gcast(progressBar), 1)
    gtk_widget_set_can_target(gcast(progressBar), 0)

    let overlay: OpaquePointer = gcast(gtk_overlay_new()!)
    gtk_overlay_set_child(overlay, gcast(stack))
    gtk_overlay_add_overlay(overlay, gcast(spinner))
    gtk_overlay_add_overlay(overlay, offlineBanner.root.widget)
    downloadNote.root.verticalAlignment = .start
    gtk_overlay_add_overlay(overlay, downloadNote.root.widget)
    gtk_overlay_add_overlay(overlay, gcast(progressBar))
    gtk_overlay_add_overlay(overlay, findBar.root.widget)
    root = GObjectRef(adoptingNonNil: overlay)
    gtk_widget_add_css_class(root.widget, "help-viewer")
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
    webkit_web_view_stop_loading(webView)
    let base = webkit_web_view_get_uri(webView).flatMap { ClosedPageAddress.base(onSiteOf: String(cString: $0)) }
    guard SessionHistory.restore(in: webView, only: "about:blank") != nil else { return false }
    // No script or style sheet of the closed viewer runs on the empty page (nor later).
    WebEngine.scrub(userContentManager)
    webkit_web_view_load_html(webView, "", base)
    isRecycled = true
    return true
  }

  /// Makes the parts what a new viewer with `configuration` would have built: its settings,
  /// none of the scripts or handlers an earlier viewer added, the page showing (not the error
  /// view), the find bar hidden and empty.
  func reset(for configuration: ViewerConfiguration) {
    WebEngine.configure(webViewRef, configuration)
    WebEngine.scrub(userContentManager)
    gtk_stack_set_visible_child_name(stack, "page")
    textView.clear()
    textView.onActivate = nil
    textView.onEndReached = nil  // A terms dialog's, before.
    downloadNote.hide()
    findBar.entry.text = ""
    if let controller = webkit_web_view_get_find_controller(webView) {
      webkit_find_controller_search_finish(controller)
    }
    findBar.render(FindState())
    findBar.searchActive = false
  }
}
