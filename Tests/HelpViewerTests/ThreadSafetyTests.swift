import Foundation
import HelpViewerCGtk
import HelpViewerCShim
import HelpViewerCWebKit
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// GTK objects are finalized on the main thread even when a host drops its last reference on
/// another one; a closed viewer starts nothing more in a view another dialog owns; a custom
/// scheme request can be answered after its handler returned.
final class ThreadSafetyTests: GtkTestCase {
  func testAViewerDroppedInABackgroundTaskIsFinalizedOnTheMainThread() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Dropped</title>"))
      defer { server.stop() }
      let holder = Holder(LoadingWebView(url: server.url("/")))
      waitUntil("loaded") { holder.value?.state.phase == .loaded }
      let root = FinalizeWatch(UnsafeMutableRawPointer(holder.value!.gtkWidget))
      let webView = FinalizeWatch(UnsafeMutableRawPointer(holder.value!.webView))
      let dropped = Flag()
      Task.detached {
        XCTAssertFalse(GObjectRef.isMainThread)
        holder.value = nil
        dropped.set()
      }
      waitUntil("the task dropped the viewer") { dropped.isSet }
      waitUntil("the widgets were finalized") { root.finalized != nil && webView.finalized != nil }
      XCTAssertEqual(root.finalized, .main, "the viewer's widgets were finalized off the main thread")
      XCTAssertEqual(webView.finalized, .main, "the web view was finalized off the main thread")
    }
  }

  func testViewerPartsDroppedOnAnotherThreadAreFinalizedOnTheMainThread() throws {
    try onMain {
      let holder = Holder(ViewerParts(ViewerConfiguration()))
      let root = FinalizeWatch(holder.value!.root.raw)
      let webView = FinalizeWatch(holder.value!.webViewRef.raw)
      let dropped = Flag()
      let thread = Thread {
        holder.value = nil
        dropped.set()
      }
      thread.start()
      waitUntil("the thread dropped the parts") { dropped.isSet }
      waitUntil("the parts were finalized") { root.finalized != nil && webView.finalized != nil }
      XCTAssertEqual(root.finalized, .main)
      XCTAssertEqual(webView.finalized, .main)
    }
  }

  func testAGObjectRefReleasedOnAnotherThreadUnrefsOnTheMainThread() throws {
    try onMain {
      let holder = Holder(GObjectRef(adoptingNew: gtk_label_new("dropped elsewhere")))
      let label = FinalizeWatch(holder.value!.raw)
      let dropped = Flag()
      let thread = Thread {
        holder.value = nil
        dropped.set()
      }
      thread.start()
      waitUntil("the thread dropped the reference and the label was finalized") {
        dropped.isSet && label.finalized != nil
      }
      XCTAssertEqual(label.finalized, .main)
    }
  }

  /// A dialog closed while its viewer's offline copy is about to start: the closed viewer must
  /// not load it into the view that the next dialog now owns.
  func testADialogClosedWhileItsOfflineCopyIsPendingLoadsNothingIntoTheNextDialogsView() throws {
    try onMain {
      let broken = try TestServer(certificate: TestCertificates.selfSigned)
      let server = try TestServer()
      server.route("/offline", .page("<title>Offline copy</title>"))
      server.route("/next", .page("<title>Next</title>"))
      defer {
        broken.stop()
        server.stop()
      }
      HelpViewerEngine.dropSpareViews()  // An earlier test's kept window would serve the next dialog.
      let parent = showInWindow(gtk_label_new("host")!, title: "Fallback host")
      defer { gtk_window_destroy(parent) }
      var configuration = ViewerConfiguration()
      configuration.offlineFallback = server.url("/offline")
      let viewer = LoadingWebView(configuration: configuration)
      XCTAssertTrue(WebEngine.isShared(viewer.parts.webViewRef))
      var states: [LoadState] = []
      viewer.onStateChange = { states.append($0) }
      let first = HelpDialog(
        owner: DialogOwner(viewer: viewer, controls: .standard), title: "First", over: parent, controls: .standard)
      first.present()
      // The viewer's own handler ran first (connection order) and scheduled the offline copy;
      // the dialog closes before the main loop runs that (a high-priority idle goes first).
      var closedWhilePending: Bool?
      let failure = viewer.webView.connectLoadFailedWithTLSErrors { _, _ in
        let pending = viewer.isStartingOfflineCopy
        g_idle_add_full(
          G_PRIORITY_HIGH,
          { data in
            Unmanaged<Box<() -> Void>>.fromOpaque(data!).takeRetainedValue().body()
            return 0
          },
          Unmanaged.passRetained(
            Box {
              closedWhilePending = pending && viewer.isStartingOfflineCopy
              first.close()
            }
          ).toOpaque(), nil)
        return false
      }
      viewer.load(URL(string: "https://127.0.0.1:\(broken.port)/")!)
      waitUntil("the first dialog closed") { closedWhilePending != nil }
      failure.disconnect()
      XCTAssertEqual(closedWhilePending, true, "the offline copy was not pending when the dialog closed")
      XCTAssertTrue(viewer.isDetached)
      XCTAssertTrue(ViewPool.isKeepingShell, "the closed dialog's window and view were not kept")
      XCTAssertFalse(viewer.isStartingOfflineCopy, "detach left the offline copy's start pending")

      waitUntil("the closed dialog's window is ready for the next") { ViewPool.hasReadyShell }
      let next = HelpDialog.present(server.url("/next"), title: "Next", over: parent)
      defer { next.close() }
      XCTAssertEqual(next.viewer.webView, viewer.webView, "the next dialog reuses the view")
      // The title can come after the load finished.
      waitUntil("the next dialog loaded") { next.viewer.state.phase == .loaded && next.viewer.state.title == "Next" }
      XCTAssertFalse(next.viewer.state.canGoBack)
      XCTAssertEqual(server.hits["/offline", default: 0], 0, "the closed viewer loaded its offline copy")
      XCTAssertFalse(states.contains { $0.isOfflineCopy }, "the closed viewer showed its offline copy")
    }
  }

  func testASchemeRequestCanBeAnsweredAfterItsHandlerReturned() throws {
    try onMain {
      // A web context of its own: a scheme can be registered once per context.
      let context = GObjectRef(adoptingNew: webkit_web_context_new())
      let session = GObjectRef(adoptingNew: webkit_network_session_new_ephemeral())
      let contentManager = GObjectRef(adoptingNew: webkit_user_content_manager_new())
      var pending: [URISchemeRequest] = []
      registerURIScheme("hv-async-test", on: context.opaque) { request in pending.append(request) }
      let webView = GObjectRef(
        adoptingNew: hv_web_view_new(session.opaque, context.opaque, contentManager.opaque, 0))
      let window = showInWindow(webView.widget)
      defer { gtk_window_destroy(window) }
      webkit_web_view_load_uri(webView.pointer(), "hv-async-test://pages/late.html")
      waitUntil("the request arrived") { !pending.isEmpty }
      // Answered from an idle callback of its own, long after the handler returned.
      var answered = false
      let request = pending.removeFirst()
      let later = TimeoutSource(seconds: 0) {
        XCTAssertEqual(request.path, "/late.html")
        request.respond(Data("<title>Answered later</title>".utf8), contentType: "text/html")
        request.respond(Data("<title>Twice</title>".utf8), contentType: "text/html")  // Ignored.
        answered = true
      }
      waitUntil("answered") { answered }
      _ = later
      waitUntil("the late answer loaded") {
        webkit_web_view_get_title(webView.pointer()).map { String(cString: $0) } == "Answered later"
      }
    }
  }
}

/// Which thread finalized a GObject, recorded by a weak notify (set on any thread).
final class FinalizeWatch: Sendable {
  enum Thread: Sendable { case main, other }
  private let state = Locked<Thread?>(nil)

  init(_ object: UnsafeMutableRawPointer) {
    g_object_weak_ref(
      object.assumingMemoryBound(to: GObject.self),
      { data, _ in
        guard let data else { return }
        let watch = Unmanaged<FinalizeWatch>.fromOpaque(data).takeRetainedValue()
        watch.state.withLock { $0 = GObjectRef.isMainThread ? .main : .other }
      }, Unmanaged.passRetained(self).toOpaque())
  }

  /// `nil` until the object is finalized.
  var finalized: Thread? { state.withLock { $0 } }
}

/// A flag set on one thread and read on another.
final class Flag: Sendable {
  private let state = Locked(false)
  func set() { state.withLock { $0 = true } }
  var isSet: Bool { state.withLock { $0 } }
}

/// Carries a main-thread object to another thread, so that the other thread drops the last
/// reference (what a host's background task does).
final class Holder<T>: @unchecked Sendable {
  var value: T?
  init(_ value: T) { self.value = value }
}

/// A closure as C callback data.
final class Box<T> {
  let body: T
  init(_ body: T) { self.body = body }
}
