import Foundation
import HelpViewerCGtk

/// One message GLib logged: its domain, level, text and whether the main thread logged it.
struct LoggedMessage: CustomStringConvertible {
  let domain: String
  let level: GLogLevelFlags
  let text: String
  let onMainThread: Bool

  /// Whether the package is to blame, which fails a test:
  /// - anything logged in the package's own domain (`HelpViewer`, `Log` in the glue);
  /// - a critical (or error) of GLib, GObject, GIO, GTK, GDK, WebKit or libsoup logged on the
  ///   main thread. Those are `g_return_if_fail` checks, i.e. a caller broke an API contract,
  ///   and on the main thread the caller is the package (the tests' own calls run there too and
  ///   count as well: they use the same API). A critical on another thread comes from the
  ///   platform's own threads (dconf, AT-SPI, Mesa, WebKit's workers), which the package
  ///   does not drive.
  /// Warnings of other domains (a fresh machine's AT-SPI bus, Mesa, dconf, fonts) are the
  /// platform's: reported, never failing.
  var isThePackages: Bool {
    if domain == "HelpViewer" { return true }
    let critical = level.rawValue & (G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_ERROR.rawValue) != 0
    let toolkit = ["GLib", "GLib-GObject", "GLib-GIO", "Gtk", "Gdk", "GdkPixbuf", "WebKit", "libsoup"]
    return critical && onMainThread && toolkit.contains(domain)
  }

  var description: String {
    let names = [(G_LOG_LEVEL_ERROR, "ERROR"), (G_LOG_LEVEL_CRITICAL, "CRITICAL"), (G_LOG_LEVEL_WARNING, "WARNING")]
    let name = names.first { level.rawValue & $0.0.rawValue != 0 }?.1 ?? "MESSAGE"
    return "\(domain.isEmpty ? "(no domain)" : domain) \(name)\(onMainThread ? "" : " (other thread)"): \(text)"
  }
}

/// Collects GLib messages from the moment it starts, from any thread (GLib calls its log writer
/// on the thread that logs): warnings, criticals and errors of any domain, and every message of
/// the package's own domain.
enum LogWatch {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var messages: [LoggedMessage] = []
  nonisolated(unsafe) private static var started = false

  /// What was logged since `start()`.
  static var collected: [LoggedMessage] { lock.withLock { messages } }
  /// The package's own problems logged since `start()` (`LoggedMessage.isThePackages`), as text.
  static var problems: [String] { collected.filter(\.isThePackages).map(\.description) }
  /// The messages logged in the `HelpViewer` domain since `start()`.
  static var helpViewerMessages: [String] { collected.filter { $0.domain == "HelpViewer" }.map(\.text) }

  static func record(_ message: LoggedMessage) { lock.withLock { messages.append(message) } }

  @MainActor
  static func start() {
    lock.withLock { messages = [] }
    guard !started else { return }
    started = true
    g_log_set_writer_func(logWatchWriter, nil, nil)
  }
}

/// GLib's log writer for `LogWatch`: a plain C function, not isolated to any actor, because GLib
/// calls it on whichever thread logs (dconf's worker, WebKit's threads, …).
private let logWatchWriter: GLogWriterFunc = { level, fields, count, data in
  if let fields {
    var domain = ""
    var text: String?
    for index in 0..<Int(count) {
      guard let value = fields[index].value?.assumingMemoryBound(to: CChar.self) else { continue }
      switch String(cString: fields[index].key) {
      case "GLIB_DOMAIN": domain = String(cString: value)
      case "MESSAGE": text = String(cString: value)
      default: break
      }
    }
    let serious =
      level.rawValue & (G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_ERROR.rawValue) != 0
    if let text, serious || domain == "HelpViewer" {
      LogWatch.record(LoggedMessage(domain: domain, level: level, text: text, onMainThread: Thread.isMainThread))
    }
  }
  return g_log_writer_default(level, fields, count, data)
}
