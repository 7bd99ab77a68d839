import CGtk
import CWebKit
import HelpViewer
import HelpViewerGlue
import XCTest

final class ProbeTests: GtkTestCase {
  func testProbeEventOrder() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Hello</title><p>hi"))
      server.route("/slow", .slow("<title>Slow</title>", seconds: 2))
      server.route("/404", .page("<title>Missing</title>", status: 404))
      let viewer = LoadingWebView()
      let window = gtk_window_new()!
      gtk_window_set_child(gcast(window), viewer.widget)
      gtk_window_present(gcast(window))
      viewer.onStateChange = { s in print("STATE", s.phase, s.url ?? "-", s.progress, s.title ?? "-", s.httpStatus ?? 0, s.hasContent) }
      viewer.load(server.url("/"))
      waitUntil("loaded") { viewer.state.phase == .loaded && viewer.state.title != nil }
      print("---- supersede")
      viewer.load(server.url("/slow"))
      MainLoop.spin(until: { false }, timeout: 0.3)
      viewer.load(server.url("/404"))
      waitUntil("failed") { viewer.state.error != nil }
      MainLoop.spin(until: { false }, timeout: 1)
      print("---- refused")
      viewer.load(address: "http://127.0.0.1:1234/")
      waitUntil("failed") { viewer.state.error != nil }
      MainLoop.spin(until: { false }, timeout: 1)
      print("---- nohost")
      viewer.load(address: "http://no-such-host.invalid/")
      waitUntil("failed") { viewer.state.error != nil }
      print("---- stop")
      viewer.load(server.url("/slow"))
      MainLoop.spin(until: { false }, timeout: 0.3)
      viewer.stop()
      MainLoop.spin(until: { false }, timeout: 1)
      gtk_window_destroy(gcast(window))
      server.stop()
    }
  }
}
