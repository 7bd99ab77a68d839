import HelpViewerCGtk
import Foundation

/// Collects GLib warnings and criticals, and the package's own messages (log domain
/// `HelpViewer`), from the moment it starts, from any thread (GLib calls its log writer on the
/// thread that logs).
///
/// ```swift
/// LogWatch.start()
/// … XCTAssertEqual(LogWatch.problems, [])
/// ```
enum LogWatch {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var collected: [String] = []
  nonisolated(unsafe) private static var ownMessages: [String] = []
  nonisolated(unsafe) private static var started = false

  /// The warnings, criticals and errors logged since `start()`.
  static var problems: [String] { lock.withLock { collected } }
  /// The messages logged in the `HelpViewer` domain since `start()`.
  static var helpViewerMessages: [String] { lock.withLock { ownMessages } }

  static func record(_ message: String) { lock.withLock { collected.append(message) } }

  static func recordOwn(_ message: String) { lock.withLock { ownMessages.append(message) } }

  @MainActor
  static func start() {
    lock.withLock {
      collected = []
      ownMessages = []
    }
    guard !started else { return }
    started = true
    g_log_set_writer_func(logWatchWriter, nil, nil)
  }
}

/// GLib's log writer for `LogWatch`: a plain C function, not isolated to any actor, because GLib
/// calls it on whichever thread logs (dconf's worker, WebKit's threads, …).
private let logWatchWriter: GLogWriterFunc = { level, fields, count, data in
  if let fields {
    var domain: String?
    var message: String?
    for index in 0..<Int(count) {
      guard let value = fields[index].value?.assumingMemoryBound(to: CChar.self) else { continue }
      switch String(cString: fields[index].key) {
      case "MESSAGE": message = String(cString: value)
      case "GLIB_DOMAIN": domain = String(cString: value)
      default: break
      }
    }
    if let message {
      let problem = G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_ERROR.rawValue
      if level.rawValue & problem != 0 { LogWatch.record(message) }
      if domain == "HelpViewer" { LogWatch.recordOwn(message) }
    }
  }
  return g_log_writer_default(level, fields, count, data)
}
