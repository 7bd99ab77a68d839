import Foundation
import HelpViewerBooks
import HelpViewerGlue

/// Topics for context help: a host tags its widgets with the help topic that explains them,
/// and F1 opens the topic of the widget that has the focus (or of its nearest tagged parent),
/// else the book's index page.
///
/// The tag is GObject data on the widget (`help-viewer-topic`), freed with it.
///
/// ```swift
/// HelpTopics.tag(syncPanel, topic: "sync", section: "conflicts")
/// HelpTopics.installHelpKey(in: window, book: book)      // F1 → HelpDialog.presentContextHelp
/// HelpTopics.topic(forFocusIn: window)                   // HelpTopic(page: "sync", section: "conflicts")
/// ```
@MainActor
public enum HelpTopics {
  /// The GObject data key the topic is stored under.
  static let key = "help-viewer-topic"

  /// Tags `widget` (any `GtkWidget` pointer) with `topic` (a page id of the help book) and
  /// optionally `section` (an element id in that page); `nil` topic removes the tag.
  public static func tag(_ widget: UnsafeMutableRawPointer, topic: String?, section: String? = nil) {
    let text = topic.flatMap { $0.isEmpty ? nil : HelpTopic(page: $0, section: section).description }
    ObjectData.setText(text, on: widget, key: key)
  }

  /// Tags `widget` (an `OpaquePointer` to a `GtkWidget`); see `tag(_:topic:section:)`.
  public static func tag(_ widget: OpaquePointer, topic: String?, section: String? = nil) {
    tag(UnsafeMutableRawPointer(widget), topic: topic, section: section)
  }

  /// The topic `widget` is tagged with, if any (not its parents').
  public static func topic(of widget: UnsafeMutableRawPointer) -> HelpTopic? {
    ObjectData.text(on: widget, key: key).flatMap { HelpTopic(parsing: $0) }
  }

  /// The topic for the focus in `window` (any `GtkWindow` pointer): that of the focused widget
  /// or of its nearest tagged parent; `nil` when none is tagged (or nothing has the focus).
  public static func topic(forFocusIn window: UnsafeMutableRawPointer) -> HelpTopic? {
    focusedWidgetAndParents(in: window).lazy.compactMap { topic(of: $0) }.first
  }

  /// The topic for the focus in `window`; see `topic(forFocusIn:)`.
  public static func topic(forFocusIn window: OpaquePointer) -> HelpTopic? {
    topic(forFocusIn: UnsafeMutableRawPointer(window))
  }

  /// Makes F1 in `window` open context help from `book` (`HelpDialog.presentContextHelp`).
  /// The shortcut goes with the window.
  public static func installHelpKey(in window: UnsafeMutableRawPointer, book: HelpBook) {
    addShortcut(to: window, "F1") {
      HelpDialog.presentContextHelp(in: book, over: window)
      return true
    }
  }
}
