import HelpViewerCGtk

/// A GTK stack (`GtkStack`): several named children, one of them shown.
///
/// ```swift
/// let stack = Stack()
/// stack.add(pageView, named: "page")
/// stack.add(errorView, named: "error")
/// stack.visibleChildName = "error"
/// ```
@MainActor
public final class Stack: Widget {
  /// A new, empty stack.
  public init() {
    super.init(adoptingNew: gtk_stack_new())
  }

  private var stack: OpaquePointer { OpaquePointer(raw) }

  /// Adds `child` under `name` (the first child added shows until another is chosen).
  public func add(_ child: Widget, named name: String) { gtk_stack_add_named(stack, child.widget, name) }

  /// The name of the child shown.
  public var visibleChildName: String? {
    get { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } }
    set { if let newValue { gtk_stack_set_visible_child_name(stack, newValue) } }
  }
}
