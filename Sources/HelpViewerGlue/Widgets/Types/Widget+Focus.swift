import HelpViewerCGtk

extension Widget {
  /// Whether the keyboard focus is on the widget or on a widget inside it.
  public var containsFocus: Bool {
    guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
    return focus == widget || gtk_widget_is_ancestor(focus, widget) != 0
  }

  /// Whether pointer events reach the widget (else they go to what is under it): `false` for
  /// a spinner or progress bar drawn over a page the pointer must still reach.
  public var receivesPointer: Bool {
    get { gtk_widget_get_can_target(widget) != 0 }
    set { gtk_widget_set_can_target(widget, newValue ? 1 : 0) }
  }

  /// Asks for at least `width` × `height` pixels (-1: no minimum on that axis).
  public func setMinimumSize(width: Int, height: Int) {
    gtk_widget_set_size_request(widget, Int32(clamping: width), Int32(clamping: height))
  }

  /// Whether the widget is in a window whose keyboard focus is nowhere.
  public var isInWindowWithoutFocus: Bool {
    guard let root = gtk_widget_get_root(widget) else { return false }
    return gtk_root_get_focus(root) == nil
  }

  /// Whether the widget is in a window whose keyboard focus is on a widget outside it.
  public var focusIsElsewhereInWindow: Bool {
    guard let root = gtk_widget_get_root(widget), gtk_root_get_focus(root) != nil else { return false }
    return !containsFocus
  }

  /// Takes the keyboard focus off the widget (and off every widget inside it), leaving it
  /// nowhere in the window; nothing happens when the focus is elsewhere.
  public func releaseFocus() {
    guard containsFocus, let root = gtk_widget_get_root(widget) else { return }
    gtk_root_set_focus(root, nil)
  }

  /// Makes the widget's direct children of the GTK type named `typeName` (e.g. `"GtkTextView"`)
  /// unable to take the keyboard focus.
  public func makeChildrenUnfocusable(ofType typeName: String) {
    let type = g_type_from_name(typeName)
    guard type != 0 else { return }
    var child = gtk_widget_get_first_child(widget)
    while let current = child {
      if isInstance(current, of: type) { gtk_widget_set_focusable(current, 0) }
      child = gtk_widget_get_next_sibling(current)
    }
  }

  /// Tells assistive technologies the widget is busy (loading) or not.
  public func setAccessibleBusy(_ busy: Bool) { widget.setAccessibleBusy(busy) }

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
