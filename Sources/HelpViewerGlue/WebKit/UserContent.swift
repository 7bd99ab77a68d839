import HelpViewerCWebKit

/// A web view's user content manager (`WebKitUserContentManager`) seen from Swift: the scripts
/// added to its pages and the script message handlers they post to.
///
/// ```swift
/// let content = UserContent(manager)   // a manager WebEngine made
/// content.registerMessageHandler("done", world: "help-viewer")
/// content.addScript("window.webkit.messageHandlers.done.postMessage('hi')", world: "help-viewer")
/// let connection = content.onMessage("done") { value in print(value) }
/// ```
@MainActor
public final class UserContent {
  /// The reference this wrapper owns.
  public let reference: GObjectRef

  /// Wraps a user content manager, sharing `reference`.
  public init(_ reference: GObjectRef) {
    self.reference = reference
  }

  private var manager: OpaquePointer { reference.opaque }

  /// Adds `source`, run at the end of each top-level document's parsing in the isolated world
  /// `world`.
  public func addScript(_ source: String, world: String) {
    guard
      let script = webkit_user_script_new_for_world(
        source, WEBKIT_USER_CONTENT_INJECT_TOP_FRAME, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_END, world, nil, nil)
    else { return }
    webkit_user_content_manager_add_script(manager, script)
    webkit_user_script_unref(script)
  }

  /// Lets scripts of the isolated world `world` post to `window.webkit.messageHandlers.<name>`.
  public func registerMessageHandler(_ name: String, world: String) {
    webkit_user_content_manager_register_script_message_handler(manager, name, world)
  }

  /// Takes the handler `name` of the isolated world `world` away again.
  public func unregisterMessageHandler(_ name: String, world: String) {
    webkit_user_content_manager_unregister_script_message_handler(manager, name, world)
  }

  /// Removes every script, style sheet and content filter added.
  public func removeAll() {
    webkit_user_content_manager_remove_all_scripts(manager)
    webkit_user_content_manager_remove_all_style_sheets(manager)
    webkit_user_content_manager_remove_all_filters(manager)
  }

  /// Calls `handler` with each message posted to the handler `name`.
  public func onMessage(
    _ name: String, _ handler: @escaping @MainActor (ScriptMessageValue) -> Void
  ) -> SignalConnection {
    connectScriptMessageReceived(manager, name: name, handler)
  }
}
