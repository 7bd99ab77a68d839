import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue

/// Every `WebKitWebView` made in this test process and not freed yet, with the address each
/// shows: what a closed viewer, dialog or spare leaves behind (`HV_LEAK_LOG`). The tests'
/// own: `install()` wraps the class's `constructed` function, so that each new web view is
/// noted weakly as it is made; the library keeps no list of its views for it.
///
/// ```swift
/// LiveWebViews.install()            // once, before the views to watch are made
/// LiveWebViews.addresses            // ["http://127.0.0.1:…/page", "(no page)"]
/// ```
@MainActor
enum LiveWebViews {
  nonisolated(unsafe) private static var made: [GWeakObject] = []
  nonisolated(unsafe) private static var original: (@convention(c) (UnsafeMutablePointer<GObject>?) -> Void)?
  private static var isInstalled = false

  /// Starts noting the web views made from now on (once; later calls do nothing).
  static func install() {
    guard !isInstalled, let type = g_type_class_ref(webkit_web_view_get_type()) else { return }
    isInstalled = true
    let objectClass = type.assumingMemoryBound(to: GObjectClass.self)
    original = objectClass.pointee.constructed
    objectClass.pointee.constructed = { object in
      LiveWebViews.original?(object)
      guard let object else { return }
      LiveWebViews.made.removeAll { !$0.isAlive }
      LiveWebViews.made.append(GWeakObject(UnsafeMutableRawPointer(object)))
    }
  }

  /// The addresses the web views still alive show (`(no page)` for one that shows none).
  static var addresses: [String] {
    made.removeAll { !$0.isAlive }
    return made.compactMap { weak in
      weak.withObject {
        webkit_web_view_get_uri($0.assumingMemoryBound(to: WebKitWebView.self)).map { String(cString: $0) }
          ?? "(no page)"
      }
    }
  }
}
