import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue

/// A small HTML page served on 127.0.0.1 by libsoup, on the benchmark's own GLib main loop.
/// The page: a heading, a paragraph and a list, black on white.
let benchPageHTML = """
  <!doctype html><html><head><meta charset="utf-8"><title>Benchmark page</title>
  <style>body { font: 16px sans-serif; margin: 2em; color: #222 } h1 { color: #000 }</style></head>
  <body><h1>Getting started</h1><p>A small local help page, the size of a typical help topic.</p>
  <ul><li>Open a notebook</li><li>Write a note</li><li>Find it again</li></ul></body></html>
  """

@MainActor
final class PageServer {
  private let server: GObjectRef
  private(set) var port: Int32 = 0

  init() throws {
    server = GObjectRef(adoptingNew: g_object_new_with_properties(soup_server_get_type(), 0, nil, nil))
    var error: UnsafeMutablePointer<GError>?
    guard soup_server_listen_local(server.pointer(), 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error) != 0 else {
      g_clear_error(&error)
      throw BenchError("cannot listen on 127.0.0.1")
    }
    if let uris = soup_server_get_uris(server.pointer()), let first = uris.pointee.data {
      port = g_uri_get_port(OpaquePointer(first))
      g_slist_free_full(uris, { g_uri_unref(OpaquePointer($0)) })
    }
    soup_server_add_handler(
      server.pointer(), nil,
      { _, message, _, _, _ in
        guard let message else { return }
        soup_server_message_set_status(message, 200, nil)
        let bytes = Array(benchPageHTML.utf8)
        bytes.withUnsafeBufferPointer { buffer in
          let base = UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
          soup_server_message_set_response(
            message, "text/html; charset=utf-8", SOUP_MEMORY_COPY, base, gsize(buffer.count))
        }
      }, nil, nil)
  }

  func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }
}

struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
