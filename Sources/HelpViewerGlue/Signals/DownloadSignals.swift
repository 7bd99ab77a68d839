import HelpViewerCGtk
import HelpViewerCWebKit

// Typed connections for downloads: the network session's `download-started`, and the
// download's own `decide-destination` and `finished`.

private let downloadStartedTrampoline:
  @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, download, data in
    guard let download, let box = ClosureBox<@MainActor (OpaquePointer) -> Void>.from(data) else { return }
    nonisolated(unsafe) let unsafeDownload = download
    MainActor.assumeIsolated { box.body(unsafeDownload) }
  }

private let decideDestinationTrampoline:
  @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> gboolean = {
    download, _, data in
    guard let download, let box = ClosureBox<@MainActor (OpaquePointer) -> Bool>.from(data) else { return 0 }
    nonisolated(unsafe) let unsafeDownload = download
    return MainActor.assumeIsolated { box.body(unsafeDownload) } ? 1 : 0
  }

private let downloadFinishedTrampoline: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
  _, data in
  guard let box = ClosureBox<@MainActor () -> Void>.from(data) else { return }
  MainActor.assumeIsolated { box.body() }
}

/// Typed signal connections of a `WebKitNetworkSession` and its `WebKitDownload`s.
///
/// ```swift
/// DownloadSignals.connectStarted(session) { download in webkit_download_cancel(download) }
/// ```
public enum DownloadSignals {
  /// `download-started` of `session` (a `WebKitNetworkSession *`): a page, a response or the
  /// app started `download` (a `WebKitDownload *`).
  @discardableResult
  public static func connectStarted(
    _ session: OpaquePointer, _ handler: @escaping @MainActor (OpaquePointer) -> Void
  ) -> SignalConnection {
    connect(
      UnsafeMutableRawPointer(session), "download-started", box: ClosureBox(handler),
      trampoline: unsafeBitCast(downloadStartedTrampoline, to: GCallback.self))
  }

  /// `decide-destination` of `download`: return `true` when the handler decided (WebKit's own
  /// handler would pick a file in the download folder).
  @discardableResult
  public static func connectDecideDestination(
    _ download: OpaquePointer, _ handler: @escaping @MainActor (OpaquePointer) -> Bool
  ) -> SignalConnection {
    connect(
      UnsafeMutableRawPointer(download), "decide-destination", box: ClosureBox(handler),
      trampoline: unsafeBitCast(decideDestinationTrampoline, to: GCallback.self))
  }

  /// `finished` of `download`: the download is over (WebKit sends it after `failed` too, and so
  /// after a cancellation).
  @discardableResult
  public static func connectEnded(_ download: OpaquePointer, _ handler: @escaping @MainActor () -> Void)
    -> SignalConnection
  {
    connect(
      UnsafeMutableRawPointer(download), "finished", box: ClosureBox(handler),
      trampoline: unsafeBitCast(downloadFinishedTrampoline, to: GCallback.self))
  }
}

/// A download WebKit started (a `WebKitDownload *`), seen from Swift while its signal runs.
///
/// ```swift
/// DownloadSignals.connectStarted(session) { pointer in Download(pointer).cancel() }
/// ```
@MainActor
public struct Download {
  /// The `WebKitDownload *`.
  public let pointer: OpaquePointer

  public init(_ pointer: OpaquePointer) { self.pointer = pointer }

  /// Stops it; WebKit writes no more of it and reports it finished.
  public func cancel() { webkit_download_cancel(pointer) }

  /// The address it downloads, or an empty string when WebKit has none.
  public var uri: String {
    webkit_download_get_request(pointer).flatMap { webkit_uri_request_get_uri($0) }.map { String(cString: $0) } ?? ""
  }

  /// The address of the web view whose page started it, if a page did.
  public var webViewAddress: UnsafeMutableRawPointer? {
    webkit_download_get_web_view(pointer).map { UnsafeMutableRawPointer($0) }
  }
}
