import Foundation
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerGlue

/// A real HTTP server on 127.0.0.1 (libsoup's SoupServer) running on the test's GLib main loop.
///
/// ```swift
/// let server = try TestServer()
/// server.route("/", .page("<title>Hi</title>"))
/// viewer.load(server.url("/"))
/// ```
@MainActor
final class TestServer {
  /// What the server answers on a path.
  enum Response {
    /// `status` with an HTML body.
    case page(String, status: Int = 200)
    /// The page, answered only after `seconds` (the request stays open meanwhile).
    case slow(String, seconds: Double)
    /// Accepts the request and never answers.
    case hang
    /// The page, answered only once the test called `release(path)` (at once from then on):
    /// until then the load cannot end, whatever the machine's speed.
    case held(String)
    /// A redirect to `location`.
    case redirect(String, status: Int = 302)
    /// A chunked body that does not end (it stops after 1 GB): 64 KB chunks of `a`, written as
    /// the client reads them; `endlessBytesWritten` counts what was written.
    case endless
    /// A chunked body that sends one byte every `interval` seconds and never ends.
    case trickle(interval: Double)
    /// Exactly these bytes, with this content type, status and extra headers.
    case bytes(
      [UInt8], contentType: String = "text/html; charset=utf-8", status: Int = 200, headers: [String: String] = [:])
  }

  private(set) var port: Int = 0
  private(set) var hits: [String: Int] = [:]
  /// The User-Agent of the last request.
  private(set) var lastUserAgent: String?
  /// The bytes the `.endless` routes have written so far.
  private(set) var endlessBytesWritten = 0
  /// How many `.endless` answers lost their client (the connection closed).
  private(set) var endlessDisconnects = 0
  /// `https` when the server has a certificate.
  let scheme: String
  private var routes: [String: Response] = [:]
  private let server: GObjectRef
  private var paused: [GObjectRef] = []
  /// The requests of `.held` routes still waiting: their message, path and page.
  private var waiting: [(message: GObjectRef, path: String, html: String)] = []
  /// The `.held` paths released: answered at once.
  private var released: Set<String> = []
  private var timers: [TimeoutSource] = []

  /// A server on 127.0.0.1; with `certificate` (PEM certificate and key), an HTTPS one.
  init(certificate: String? = nil) throws {
    server = GObjectRef(adoptingNew: g_object_new_with_properties(soup_server_get_type(), 0, nil, nil))
    scheme = certificate == nil ? "http" : "https"
    if let certificate {
      var error: UnsafeMutablePointer<GError>?
      guard let tls = g_tls_certificate_new_from_pem(certificate, -1, &error) else {
        g_clear_error(&error)
        throw NSError(domain: "TestServer", code: 2, userInfo: [NSLocalizedDescriptionKey: "bad PEM"])
      }
      var value = GValue()
      g_value_init(&value, g_tls_certificate_get_type())
      g_value_take_object(&value, tls)
      g_object_set_property(server.pointer(), "tls-certificate", &value)
      g_value_unset(&value)
    }
    var error: UnsafeMutablePointer<GError>?
    let options =
      certificate == nil
      ? SOUP_SERVER_LISTEN_IPV4_ONLY
      : SoupServerListenOptions(SOUP_SERVER_LISTEN_IPV4_ONLY.rawValue | SOUP_SERVER_LISTEN_HTTPS.rawValue)
    guard soup_server_listen_local(server.pointer(), 0, options, &error) != 0 else {
      let message = error.flatMap { $0.pointee.message }.map { String(cString: $0) } ?? "?"
      g_clear_error(&error)
      throw NSError(domain: "TestServer", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
    }
    if let uris = soup_server_get_uris(server.pointer()), let first = uris.pointee.data {
      port = Int(g_uri_get_port(OpaquePointer(first)))
      g_slist_free_full(uris, { g_uri_unref(OpaquePointer($0)) })
    }
    let box = Unmanaged.passRetained(WeakServer(self)).toOpaque()
    soup_server_add_handler(
      server.pointer(), nil,
      { _, message, path, _, data in
        guard let message, let path, let data else { return }
        let owner = Unmanaged<WeakServer>.fromOpaque(data).takeUnretainedValue()
        nonisolated(unsafe) let unsafeMessage = message
        MainActor.assumeIsolated { owner.server?.answer(unsafeMessage, path: String(cString: path)) }
      }, box, { Unmanaged<WeakServer>.fromOpaque($0!).release() })
  }

  /// Makes `path` answer with `response`.
  func route(_ path: String, _ response: Response) { routes[path] = response }

  /// The full address of `path` on this server.
  func url(_ path: String) -> URL { URL(string: "\(scheme)://127.0.0.1:\(port)\(path)")! }

  /// Answers the requests for `path` that a `.held` route holds, with its page, and answers
  /// the ones to come at once; returns how many were waiting.
  @discardableResult
  func release(_ path: String) -> Int {
    released.insert(path)
    let answered = waiting.filter { request in
      request.path == path && paused.contains { $0 === request.message }
    }
    waiting.removeAll { $0.path == path }
    for request in answered {
      paused.removeAll { $0 === request.message }
      respond(request.message.opaque, html: request.html, status: 200)
      soup_server_message_unpause(request.message.opaque)
    }
    return answered.count
  }

  /// Finishes every request still held open (slow, hanging or held) with a short page.
  func releaseHeld() {
    waiting.removeAll()
    for message in paused {
      soup_server_message_set_status(message.opaque, 503, nil)
      soup_server_message_unpause(message.opaque)
    }
    paused.removeAll()
  }

  func stop() {
    releaseHeld()
    for timer in timers { timer.cancel() }
    soup_server_disconnect(server.pointer())
  }

  private func answer(_ message: OpaquePointer, path: String) {
    hits[path, default: 0] += 1
    let requestHeaders = soup_server_message_get_request_headers(message)
    lastUserAgent = soup_message_headers_get_one(requestHeaders, "User-Agent").map { String(cString: $0) }
    switch routes[path] ?? .page("<title>Not Found</title><h1>404</h1>", status: 404) {
    case .page(let html, let status):
      respond(message, html: html, status: status)
    case .slow(let html, let seconds):
      let held = hold(message)
      timers.append(
        TimeoutSource(seconds: seconds) { [weak self] in
          guard let self, self.paused.contains(where: { $0 === held }) else { return }
          self.paused.removeAll { $0 === held }
          self.respond(held.opaque, html: html, status: 200)
          soup_server_message_unpause(held.opaque)
        })
    case .hang:
      _ = hold(message)
    case .held(let html) where released.contains(path):
      respond(message, html: html, status: 200)
    case .held(let html):
      waiting.append((hold(message), path, html))
    case .redirect(let location, let status):
      soup_server_message_set_redirect(message, UInt32(status), location)
    case .endless:
      streamEndlessly(message)
    case .trickle(let interval):
      trickle(message, every: interval)
    case .bytes(let bytes, let contentType, let status, let headers):
      let responseHeaders = soup_server_message_get_response_headers(message)
      for (name, value) in headers { soup_message_headers_replace(responseHeaders, name, value) }
      respond(message, bytes: bytes, contentType: contentType, status: status)
    }
  }

  /// Answers `message` with a chunked body kept two chunks ahead of what was written, so
  /// libsoup never waits for the next one.
  private func streamEndlessly(_ message: OpaquePointer) {
    let chunk = [CChar](repeating: 0x61, count: 64 * 1024)
    let limit = 1 << 30
    soup_server_message_set_status(message, 200, nil)
    let headers = soup_server_message_get_response_headers(message)
    soup_message_headers_set_encoding(headers, SOUP_ENCODING_CHUNKED)
    soup_message_headers_replace(headers, "Content-Type", "text/html; charset=utf-8")
    guard let body = soup_server_message_get_response_body(message) else { return }
    var appended = 0
    let append = {
      guard appended < limit else { return soup_message_body_complete(body) }
      chunk.withUnsafeBufferPointer {
        soup_message_body_append(body, SOUP_MEMORY_COPY, $0.baseAddress, gsize($0.count))
      }
      appended += chunk.count
    }
    append()
    append()
    connectVoidSignal(UnsafeMutableRawPointer(message), "wrote-chunk") { [weak self] in
      self?.endlessBytesWritten += chunk.count
      append()
    }
    connectVoidSignal(UnsafeMutableRawPointer(message), "disconnected") { [weak self] in
      self?.endlessDisconnects += 1
    }
  }

  /// Answers `message` with a chunked body of one byte every `interval` seconds, until the
  /// client goes away or the server stops.
  private func trickle(_ message: OpaquePointer, every interval: Double) {
    soup_server_message_set_status(message, 200, nil)
    let headers = soup_server_message_get_response_headers(message)
    soup_message_headers_set_encoding(headers, SOUP_ENCODING_CHUNKED)
    soup_message_headers_replace(headers, "Content-Type", "text/html; charset=utf-8")
    guard let body = soup_server_message_get_response_body(message) else { return }
    let held = GObjectRef(retaining: UnsafeMutableRawPointer(message))
    var gone = false
    connectVoidSignal(UnsafeMutableRawPointer(message), "disconnected") { gone = true }
    func next() {
      timers.append(
        TimeoutSource(seconds: interval) { [weak self] in
          guard let self, !gone else { return }
          soup_message_body_append(body, SOUP_MEMORY_COPY, "a", 1)
          soup_server_message_unpause(held.opaque)
          next()
        })
    }
    next()
  }

  /// Pauses `message` (the client waits) until it is answered or the client goes away.
  private func hold(_ message: OpaquePointer) -> GObjectRef {
    let held = GObjectRef(retaining: UnsafeMutableRawPointer(message))
    paused.append(held)
    connectVoidSignal(UnsafeMutableRawPointer(message), "disconnected") { [weak self, weak held] in
      self?.paused.removeAll { $0 === held }
    }
    soup_server_message_pause(message)
    return held
  }

  private func respond(_ message: OpaquePointer, html: String, status: Int) {
    respond(message, bytes: Array(html.utf8), contentType: "text/html; charset=utf-8", status: status)
  }

  private func respond(_ message: OpaquePointer, bytes: [UInt8], contentType: String, status: Int) {
    soup_server_message_set_status(message, UInt32(status), nil)
    bytes.withUnsafeBufferPointer { buffer in
      let base = UnsafeRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: CChar.self)
      soup_server_message_set_response(message, contentType, SOUP_MEMORY_COPY, base, gsize(buffer.count))
    }
  }
}

/// The handler's `user_data`: a weak link, so a request after the test ends does nothing.
private final class WeakServer {
  weak var server: TestServer?
  init(_ server: TestServer) { self.server = server }
}
