import Foundation
import HelpViewerCGtk

/// Text stored on any GObject under a key (`g_object_set_data_full`), freed with the object.
///
/// ```swift
/// ObjectData.setText("sync#conflicts", on: widget, key: "help-viewer-topic")
/// ObjectData.text(on: widget, key: "help-viewer-topic")   // "sync#conflicts"
/// ```
@MainActor
public enum ObjectData {
  /// Stores `text` on `object` under `key`, or removes what is there for `nil`.
  public static func setText(_ text: String?, on object: UnsafeMutableRawPointer, key: String) {
    let gobject: UnsafeMutablePointer<GObject> = gcast(object)
    guard let text else {
      g_object_set_data(gobject, key, nil)
      return
    }
    g_object_set_data_full(gobject, key, strdup(text)) { free($0) }
  }

  /// The text stored on `object` under `key`, if any.
  public static func text(on object: UnsafeMutableRawPointer, key: String) -> String? {
    guard let data = g_object_get_data(gcast(object), key) else { return nil }
    return String(cString: data.assumingMemoryBound(to: CChar.self))
  }
}

/// The widget with the keyboard focus in `window` (any `GtkWindow` pointer), then its parents up
/// to the window, nearest first; empty when nothing has the focus.
@MainActor
public func focusedWidgetAndParents(in window: UnsafeMutableRawPointer) -> [UnsafeMutableRawPointer] {
  var chain: [UnsafeMutableRawPointer] = []
  var widget = gtk_window_get_focus(gcast(window))
  while let current = widget {
    chain.append(UnsafeMutableRawPointer(current))
    widget = gtk_widget_get_parent(current)
  }
  return chain
}
