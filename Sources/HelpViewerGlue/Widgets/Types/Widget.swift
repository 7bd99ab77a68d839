import HelpViewerCGtk

/// A GTK widget seen from Swift: the wrapper owns one reference to it, and offers its common
/// properties typed.
///
/// The one ownership rule of HelpViewer's widgets: whoever makes a widget keeps its wrapper, and
/// the wrapper keeps the widget alive (a floating widget is sunk when wrapped). A widget tree
/// holds references of its own besides, so a widget outlives a destroyed window as long as its
/// wrapper does, and drawing into it after the window is gone is safe. The reference is dropped
/// on the main thread, whichever thread lets the wrapper go.
///
/// ```swift
/// let label = Label("Saved")
/// label.isVisible = false
/// label.addStyleClass("dim-label")
/// ```
@MainActor
public class Widget {
  /// The reference this wrapper owns.
  public let reference: GObjectRef

  /// Wraps what a GTK constructor returned (a new, floating widget), taking ownership of it.
  public init(adoptingNew pointer: UnsafeMutablePointer<GtkWidget>?) {
    reference = GObjectRef(adoptingNew: pointer)
  }

  /// Wraps a widget that may already be in a widget tree, with a reference of its own.
  public init(sinking pointer: UnsafeMutableRawPointer) {
    reference = GObjectRef(sinking: pointer)
  }

  /// The widget, for the glue and for hosts' code that calls GTK.
  public var widget: UnsafeMutablePointer<GtkWidget> { reference.widget }

  /// The widget's address.
  public var raw: UnsafeMutableRawPointer { reference.raw }

  /// Whether the widget is shown (when its parent is).
  public var isVisible: Bool {
    get { gtk_widget_get_visible(widget) != 0 }
    set { gtk_widget_set_visible(widget, newValue ? 1 : 0) }
  }

  /// Whether the widget reacts to input; an insensitive widget is drawn dimmed.
  public var isSensitive: Bool {
    get { gtk_widget_get_sensitive(widget) != 0 }
    set { gtk_widget_set_sensitive(widget, newValue ? 1 : 0) }
  }

  /// The tooltip's text, or `nil` for none.
  public var tooltip: String? {
    get { gtk_widget_get_tooltip_text(widget).map { String(cString: $0) } }
    set { gtk_widget_set_tooltip_text(widget, newValue) }
  }

  /// Whether the widget takes the width its parent has to spare.
  public var expandsHorizontally: Bool {
    get { gtk_widget_get_hexpand(widget) != 0 }
    set { gtk_widget_set_hexpand(widget, newValue ? 1 : 0) }
  }

  /// Whether the widget takes the height its parent has to spare.
  public var expandsVertically: Bool {
    get { gtk_widget_get_vexpand(widget) != 0 }
    set { gtk_widget_set_vexpand(widget, newValue ? 1 : 0) }
  }

  /// Takes back a vertical expansion set on the widget: it expands as its children ask again.
  public func resetVerticalExpansion() {
    gtk_widget_set_vexpand(widget, 0)
    gtk_widget_set_vexpand_set(widget, 0)
  }

  /// Whether `parent` is the widget's parent.
  public func isChild(of parent: Widget) -> Bool { gtk_widget_get_parent(widget) == parent.widget }

  /// Where the widget sits across the width it is given.
  public var horizontalAlignment: Alignment {
    get { Alignment(gtk_widget_get_halign(widget)) }
    set { gtk_widget_set_halign(widget, newValue.gtk) }
  }

  /// Where the widget sits across the height it is given.
  public var verticalAlignment: Alignment {
    get { Alignment(gtk_widget_get_valign(widget)) }
    set { gtk_widget_set_valign(widget, newValue.gtk) }
  }

  /// The space kept free before the widget's start edge (left in left-to-right text), in pixels.
  public var startMargin: Int {
    get { Int(gtk_widget_get_margin_start(widget)) }
    set { gtk_widget_set_margin_start(widget, Int32(clamping: newValue)) }
  }

  /// The space kept free after the widget's end edge, in pixels.
  public var endMargin: Int {
    get { Int(gtk_widget_get_margin_end(widget)) }
    set { gtk_widget_set_margin_end(widget, Int32(clamping: newValue)) }
  }

  /// Adds a CSS class, e.g. `"flat"` or `"suggested-action"`.
  public func addStyleClass(_ name: String) { gtk_widget_add_css_class(widget, name) }

  /// Removes a CSS class.
  public func removeStyleClass(_ name: String) { gtk_widget_remove_css_class(widget, name) }

  /// Whether the widget has a CSS class.
  public func hasStyleClass(_ name: String) -> Bool { gtk_widget_has_css_class(widget, name) != 0 }

  /// Moves the keyboard focus to the widget (or into it); `false` when it cannot take it.
  @discardableResult
  public func grabFocus() -> Bool { gtk_widget_grab_focus(widget) != 0 }

  /// The name assistive technologies read for the widget.
  public func setAccessibleLabel(_ label: String) { widget.setAccessibleLabel(label) }

  /// A longer description assistive technologies read after the label.
  public func setAccessibleDescription(_ description: String) { widget.setAccessibleDescription(description) }

  /// The widget's accessible role; only before the widget is shown (it is a construct property
  /// in GTK 4.8).
  public func setAccessibleRole(_ role: AccessibleRole) { widget.setAccessibleRole(role.gtk) }
}
