import HelpViewerCGtk

/// The package's log, through GLib's structured logging under the domain `HelpViewer` (so hosts
/// see it with `G_MESSAGES_DEBUG=HelpViewer` and their own log writers).
///
/// ```swift
/// Log.message("Could not open mailto:x")
/// ```
public enum Log {
  /// Logs `text` at GLib's message level.
  public static func message(_ text: String) { write(text, level: G_LOG_LEVEL_MESSAGE) }

  private static func write(_ text: String, level: GLogLevelFlags) {
    "GLIB_DOMAIN".withCString { domainKey in
      "HelpViewer".withCString { domain in
        "MESSAGE".withCString { messageKey in
          text.withCString { message in
            let fields = [
              GLogField(key: domainKey, value: domain, length: -1),
              GLogField(key: messageKey, value: message, length: -1),
            ]
            fields.withUnsafeBufferPointer { g_log_structured_array(level, $0.baseAddress, gsize($0.count)) }
          }
        }
      }
    }
  }
}
