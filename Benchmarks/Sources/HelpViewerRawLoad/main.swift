// help-viewer-raw-load: the least a Swift program can do to show a page with WebKitGTK, for
// help-viewer-bench's cold-start comparison. Opens a window with a plain WebKitWebView, loads
// the URL given as the only argument, and exits 0 once the load finished (1 if it failed).
//
//   help-viewer-raw-load file:///path/to/page.html
import Foundation
import HelpViewerBenchCWebKit

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: help-viewer-raw-load URL\n".utf8))
  exit(2)
}
guard gtk_init_check() != 0 else {
  FileHandle.standardError.write(Data("help-viewer-raw-load: no display\n".utf8))
  exit(2)
}
let window = UnsafeMutableRawPointer(gtk_window_new()!).assumingMemoryBound(to: GtkWindow.self)
let webView = webkit_web_view_new()!
gtk_window_set_default_size(window, 720, 640)
gtk_window_set_child(window, webView)
gtk_window_present(window)

let onLoadChanged: @convention(c) (UnsafeMutableRawPointer?, WebKitLoadEvent, UnsafeMutableRawPointer?) -> Void = {
  _, event, _ in
  if event == WEBKIT_LOAD_FINISHED { exit(0) }
}
let onLoadFailed:
  @convention(c) (
    UnsafeMutableRawPointer?, WebKitLoadEvent, UnsafePointer<CChar>?, UnsafeMutableRawPointer?,
    UnsafeMutableRawPointer?
  ) -> gboolean = { _, _, _, _, _ in exit(1) }
g_signal_connect_data(
  webView, "load-changed", unsafeBitCast(onLoadChanged, to: GCallback.self), nil, nil, GConnectFlags(0))
g_signal_connect_data(
  webView, "load-failed", unsafeBitCast(onLoadFailed, to: GCallback.self), nil, nil, GConnectFlags(0))
webkit_web_view_load_uri(UnsafeMutableRawPointer(webView).assumingMemoryBound(to: WebKitWebView.self), arguments[1])
while true { g_main_context_iteration(nil, 1) }
