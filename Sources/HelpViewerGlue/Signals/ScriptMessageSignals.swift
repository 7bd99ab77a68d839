import HelpViewerCGtk
import HelpViewerCWebKit

// Typed connection for WebKitUserContentManager's `script-message-received::NAME`. The
// manager is a final GObject type, so it is an `OpaquePointer` in Swift: the connection is a
// free function rather than an extension on every `OpaquePointer`.

/// A value a page script posted with `window.webkit.messageHandlers.NAME.postMessage(value)`,
/// read out of its `JSCValue` while the signal runs.
///
/// ```swift
/// if case .string("reached-end") = message { … }
/// ```
public enum ScriptMessageValue: Sendable, Equatable {
  case string(String)
  case number(Double)
  case boolean(Bool)
  case null
  case undefined
  /// Anything else (objects, arrays), as JSON when it has a JSON form.
  case other(String)

  /// Reads `value` (a `JSCValue *`); `nil` reads as `.undefined`.
  init(_ value: OpaquePointer?) {
    guard let value else {
      self = .undefined
      return
    }
    if jsc_value_is_string(value) != 0 {
      self = .string(Self.take(jsc_value_to_string(value)) ?? "")
    } else if jsc_value_is_number(value) != 0 {
      self = .number(jsc_value_to_double(value))
    } else if jsc_value_is_boolean(value) != 0 {
      self = .boolean(jsc_value_to_boolean(value) != 0)
    } else if jsc_value_is_null(value) != 0 {
      self = .null
    } else if jsc_value_is_undefined(value) != 0 {
      self = .undefined
    } else {
      self = .other(Self.take(jsc_value_to_json(value, 0)) ?? Self.take(jsc_value_to_string(value)) ?? "")
    }
  }

  /// A newly allocated C string as a Swift string; frees it.
  private static func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
    guard let text else { return nil }
    defer { g_free(text) }
    return String(cString: text)
  }
}

private let scriptMessageTrampoline: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void =
  { _, value, data in
    guard let box = ClosureBox<@MainActor (ScriptMessageValue) -> Void>.from(data) else { return }
    let message = ScriptMessageValue(value)
    MainActor.assumeIsolated { box.body(message) }
  }

/// `WebKitUserContentManager::script-message-received::NAME`: runs `handler` with each value a
/// script posts to the message handler `name`.
///
/// Register the handler itself with `webkit_user_content_manager_register_script_message_handler`
/// (in the script world that may post to it); the connection only listens.
///
/// ```swift
/// webkit_user_content_manager_register_script_message_handler(manager, "done", "my-world")
/// connectScriptMessageReceived(manager, name: "done") { value in print(value) }
/// ```
@discardableResult
public func connectScriptMessageReceived(
  _ manager: OpaquePointer, name: String, _ handler: @escaping @MainActor (ScriptMessageValue) -> Void
) -> SignalConnection {
  connect(
    UnsafeMutableRawPointer(manager), "script-message-received::\(name)", box: ClosureBox(handler),
    trampoline: unsafeBitCast(scriptMessageTrampoline, to: GCallback.self))
}
