import Foundation
import HelpViewerBooks
import HelpViewerCGtk
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
    let object: UnsafeMutablePointer<GObject> = gcast(widget)
    guard let topic, !topic.isEmpty else {
      g_object_set_data(object, key, nil)
      return
    }
    let text = HelpTopic(page: topic, section: section).description
    g_object_set_data_full(object, key, strdup(text)) { free($0) }
  }

  /// Tags `widget` (an `OpaquePointer` to a `GtkWidget`); see `tag(_:topic:section:)`.
  public static func tag(_ widget: OpaquePointer, topic: String?, section: String? = nil) {
    tag(UnsafeMutableRawPointer(widget), topic: topic, section: section)
  }

  /// The topic `widget` is tagged with, if any (not its parents').
  public static func topic(of widget: UnsafeMutableRawPointer) -> HelpTopic? {
    guard let data = g_object_get_data(gcast(widget), key) else { return nil }
    return HelpTopic(parsing: String(cString: data.assumingMemoryBound(to: CChar.self)))
  }

  /// The topic for the focus in `window` (any `GtkWindow` pointer): that of the focused widget
  /// or of its nearest tagged parent; `nil` when none is tagged (or nothing has the focus).
  public static func topic(forFocusIn window: UnsafeMutableRawPointer) -> HelpTopic? {
    var widget = gtk_window_get_focus(gcast(window))
    while let current = widget {
      if let topic = topic(of: UnsafeMutableRawPointer(current)) { return topic }
      widget = gtk_widget_get_parent(current)
    }
    return nil
  }

  /// The topic for the focus in `window`; see `topic(forFocusIn:)`.
  public static func topic(forFocusIn window: OpaquePointer) -> HelpTopic? {
    topic(forFocusIn: UnsafeMutableRawPointer(window))
  }

  /// Makes F1 in `window` open context help from `book` (`HelpDialog.presentContextHelp`).
  /// The shortcut goes with the window.
  public static func installHelpKey(in window: UnsafeMutableRawPointer, book: HelpBook) {
    let widget: UnsafeMutablePointer<GtkWidget> = gcast(window)
    widget.addShortcut("F1") {
      HelpDialog.presentContextHelp(in: book, over: window)
      return true
    }
  }
}
