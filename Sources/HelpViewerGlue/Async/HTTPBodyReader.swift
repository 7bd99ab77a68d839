import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore

/// Sends one `SoupMessage` and reads its body in chunks on the GLib main loop, up to a limit:
/// a body announced (`Content-Length`) or found to be larger fails at once, without reading on,
/// and so does a cancelled `GCancellable`. A failure aborts the session, which drops the
/// connection, so nothing of a body left unread is read afterwards.
@MainActor
final class HTTPBodyReader {
  /// Bytes asked for per read.
  private static let chunkSize = 64 * 1024

  private let session: GObjectRef
  private let message: GObjectRef
  private let cancellable: GObjectRef
  private let limit: Int
  private var stream: GObjectRef?
  private var bytes: [UInt8] = []
  private var done: (@MainActor (Result<[UInt8], PlatformError>) -> Void)?

  init(session: GObjectRef, message: GObjectRef, cancellable: GObjectRef, limit: Int) {
    self.session = session
    self.message = message
    self.cancellable = cancellable
    self.limit = max(limit, 0)
  }

  /// Sends the message and calls `done` once, with the whole body or the failure. The pending
  /// callbacks keep the reader alive until then.
  func start(_ done: @escaping @MainActor (Result<[UInt8], PlatformError>) -> Void) {
    self.done = done
    let (callback, data) = asyncReady { _, result in self.sent(result) }
    soup_session_send_async(
      session.pointer(), message.opaque, G_PRIORITY_DEFAULT, cancellable.pointer(), callback, data)
  }

  /// The failure of a body larger than `limit` bytes.
  static func tooLarge(_ limit: Int) -> PlatformError {
    PlatformError(
      domain: "help-viewer", code: HTTPFetch.bodyTooLargeCode,
      message: "The answer is larger than \(limit / (1024 * 1024)) MB (\(limit) bytes); it was not read further.")
  }

  private func sent(_ result: OpaquePointer?) {
    var error: UnsafeMutablePointer<GError>?
    guard let input = soup_session_send_finish(session.pointer(), result, &error) else {
      return end(.failure(PlatformError(taking: error)))
    }
    stream = GObjectRef(adoptingNonNil: UnsafeMutableRawPointer(input))
    if let headers = soup_message_get_response_headers(message.opaque),
      soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH,
      soup_message_headers_get_content_length(headers) > goffset(limit)
    {
      return end(.failure(Self.tooLarge(limit)))
    }
    readNext()
  }

  private func readNext() {
    guard let stream else { return }
    let (callback, data) = asyncReady { _, result in self.read(result) }
    g_input_stream_read_bytes_async(
      stream.pointer(), gsize(Self.chunkSize), G_PRIORITY_DEFAULT, cancellable.pointer(), callback, data)
  }

  private func read(_ result: OpaquePointer?) {
    var error: UnsafeMutablePointer<GError>?
    guard let stream, let chunk = g_input_stream_read_bytes_finish(stream.pointer(), result, &error) else {
      return end(.failure(PlatformError(taking: error)))
    }
    defer { g_bytes_unref(chunk) }
    var size: gsize = 0
    let start = g_bytes_get_data(chunk, &size)
    guard size > 0 else { return end(.success(bytes)) }
    guard bytes.count + Int(size) <= limit else { return end(.failure(Self.tooLarge(limit))) }
    bytes.append(contentsOf: UnsafeRawBufferPointer(start: start, count: Int(size)))
    readNext()
  }

  private func end(_ result: Result<[UInt8], PlatformError>) {
    guard let done else { return }
    self.done = nil
    if case .failure = result { soup_session_abort(session.pointer()) }
    stream = nil
    bytes = []
    done(result)
  }
}
