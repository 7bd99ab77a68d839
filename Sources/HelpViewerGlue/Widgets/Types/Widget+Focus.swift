import HelpViewerCGtk

extension Widget {
  /// Whether the keyboard focus is on the widget or on a widget inside it.
  public var containsFocus: Bool {
    guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
    return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
  }

  /// Whether the widget is in a window that is shown on screen now.
  public var isMapped: Bool { gtk_widget_get_mapped(widget) != 0 }

  /// A string property by name, for properties GTK 4.8 has no getter for.
  func stringProperty(_ name: String) -> String? {
    var value = GValue()
    g_value_init(&value, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_STRING
    defer { g_value_unset(&value) }
    g_object_get_property(gcast(raw), name, &value)
    return g_value_get_string(&value).map { String(cString: $0) }
  }

  /// Sets a string property by name, for properties GTK 4.8 has no setter for.
  func setStringProperty(_ name: String, _ text: String) {
    var value = GValue()
    g_value_init(&value, GType(16 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_STRING
    defer { g_value_unset(&value) }
    g_value_set_string(&value, text)
    g_object_set_property(gcast(raw), name, &value)
  }
}
