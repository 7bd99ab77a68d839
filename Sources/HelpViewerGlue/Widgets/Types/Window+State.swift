import HelpViewerCGtk

/// A window's size, state, flags, style classes and place among other windows.
extension Window {
  /// The size the window opens at; GTK keeps it as the size a person or the window manager gives
  /// the window (0 or less: none).
  public var defaultSize: (width: Int, height: Int) {
    get {
      var width: Int32 = 0
      var height: Int32 = 0
      with { gtk_window_get_default_size($0, &width, &height) }
      return (Int(width), Int(height))
    }
    set { with { gtk_window_set_default_size($0, Int32(clamping: newValue.width), Int32(clamping: newValue.height)) } }
  }

  /// The size the window is laid out at now (0 × 0 before its first layout).
  public var laidOutSize: (width: Int, height: Int) {
    withWidget { (Int(gtk_widget_get_width($0)), Int(gtk_widget_get_height($0))) } ?? (0, 0)
  }

  /// The smallest size the window can be made.
  public func setMinimumSize(_ size: (width: Int, height: Int)) {
    withWidget { gtk_widget_set_size_request($0, Int32(clamping: size.width), Int32(clamping: size.height)) }
  }

  /// Whether the window is maximized.
  public var isMaximized: Bool { with { gtk_window_is_maximized($0) != 0 } ?? false }

  /// Whether the window is fullscreen.
  public var isFullscreen: Bool { with { gtk_window_is_fullscreen($0) != 0 } ?? false }

  /// Takes the window out of the maximized, fullscreen and minimized states.
  public func restoreNormalState() {
    with {
      gtk_window_unmaximize($0)
      gtk_window_unfullscreen($0)
      gtk_window_unminimize($0)
    }
  }

  /// What a new window has: resizable, decorated and deletable, destroyed (not hidden) on close,
  /// no icon name of its own, F10 opening its menu bar, fully opaque, sensitive, no tooltip, the
  /// default text direction.
  public func restoreNewFlags() {
    with { window in
      gtk_window_set_resizable(window, 1)
      gtk_window_set_decorated(window, 1)
      gtk_window_set_deletable(window, 1)
      gtk_window_set_hide_on_close(window, 0)
      gtk_window_set_icon_name(window, nil)
      gtk_window_set_handle_menubar_accel(window, 1)
    }
    withWidget { widget in
      gtk_widget_set_opacity(widget, 1)
      gtk_widget_set_sensitive(widget, 1)
      gtk_widget_set_tooltip_text(widget, nil)
      gtk_widget_set_direction(widget, GTK_TEXT_DIR_NONE)
    }
  }

  /// The window's CSS classes now.
  public var styleClasses: [String] {
    withWidget { widget in
      guard let list = gtk_widget_get_css_classes(widget) else { return [] }
      defer { g_strfreev(list) }
      var names: [String] = []
      var index = 0
      while let name = list[index] {
        names.append(String(cString: name))
        index += 1
      }
      return names
    } ?? []
  }

  /// Adds a CSS class.
  public func addStyleClass(_ name: String) { withWidget { gtk_widget_add_css_class($0, name) } }

  /// Removes a CSS class.
  public func removeStyleClass(_ name: String) { withWidget { gtk_widget_remove_css_class($0, name) } }

  /// Whether the window blocks input to the other windows of its application.
  public var isModal: Bool {
    get { with { gtk_window_get_modal($0) != 0 } ?? false }
    set { with { gtk_window_set_modal($0, newValue ? 1 : 0) } }
  }

  /// Makes the window stand over `parent` (`nil`: over no window), destroyed with it when
  /// `destroyedWithParent`.
  public func setTransient(for parent: Window?, destroyedWithParent: Bool) {
    with { window in
      let parentWindow = parent?.gtkWindow
      gtk_window_set_transient_for(window, parentWindow)
      gtk_window_set_destroy_with_parent(window, parentWindow != nil && destroyedWithParent ? 1 : 0)
    }
  }

  /// The `GtkApplication` the window belongs to, if any.
  public var application: Application? {
    get { with { gtk_window_get_application($0).map(Application.init) } ?? nil }
    set { with { gtk_window_set_application($0, newValue?.gtkApplication) } }
  }

  /// Moves the window to the middle of `parent` when it does not lie within it, under X11
  /// (`WindowPlacement`); returns whether it moved it.
  @discardableResult
  public func keep(within parent: Window) -> Bool {
    guard let window = gtkWindow, let parentWindow = parent.gtkWindow else { return false }
    let size = defaultSize
    return WindowPlacement.keep(window, within: parentWindow, width: size.width, height: size.height)
  }
}

/// A `GtkApplication`: it lives as long as the process runs its main loop, so it is held by
/// address.
///
/// ```swift
/// if let application = parent.application {
///   signals += application.onShutdown { dialog.close() }
/// }
/// ```
@MainActor
public struct Application {
  /// The application.
  public let gtkApplication: UnsafeMutablePointer<GtkApplication>

  /// `application`, by its pointer.
  public init(_ application: UnsafeMutablePointer<GtkApplication>) { gtkApplication = application }

  /// Runs `handler` when the application quits (`GApplication::shutdown`).
  @discardableResult
  public func onShutdown(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    connectVoidSignal(UnsafeMutableRawPointer(gtkApplication), "shutdown", handler)
  }
}

extension Window {
  /// What an address a host passed stands for, as a window (`Window.containing(_:)`).
  public enum Lookup {
    /// A window, or the window a widget is in.
    case window(Window)
    /// A widget (of the type named) that is in no window yet.
    case widgetInNoWindow(String)
    /// Not a widget: another GObject (its type named) or no GObject at all.
    case notAWidget(String)
  }

  /// The window that the object at `address` is or is in, checked with GObject's type check
  /// (any pointer a host has: a window, a widget, a root).
  ///
  /// ```swift
  /// if case .window(let parent) = Window.containing(button) { … }
  /// ```
  public static func containing(_ address: UnsafeMutableRawPointer) -> Lookup {
    if isInstance(address, of: gtk_window_get_type()) { return .window(Window(watching: gcast(address))) }
    guard isInstance(address, of: gtk_widget_get_type()) else {
      return .notAWidget(isInstance(address, of: g_object_get_type()) ? typeName(address) : "no GObject")
    }
    let widget: UnsafeMutablePointer<GtkWidget> = gcast(address)
    if let root = gtk_widget_get_root(widget), isInstance(UnsafeMutableRawPointer(root), of: gtk_window_get_type()) {
      return .window(Window(watching: gcast(root)))
    }
    return .widgetInNoWindow(typeName(address))
  }

  private static func typeName(_ address: UnsafeMutableRawPointer) -> String {
    g_type_name_from_instance(address.assumingMemoryBound(to: GTypeInstance.self)).map { String(cString: $0) }
      ?? "an unknown type"
  }
}
