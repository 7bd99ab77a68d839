import HelpViewerCore
import HelpViewerGlue

/// Keeps a dialog's window the size of a sheet over its parent (`SheetSize`): never larger
/// than the parent less a margin, never smaller than usable, covering a tiny parent. The size is
/// fitted when the dialog attaches to its parent (a kept window coming back for another parent
/// too), and again whenever the parent is resized, maximized or restored while it is open.
/// Once a resize settles, the sheet is moved back within its parent when it no longer lies
/// there (`WindowPlacement`): a window manager that moves the parent to keep it on screen
/// leaves its transient windows where they were (issue 30, under metacity).
///
/// ```swift
/// signals += SheetFit.follow(parent, with: dialogWindow)   // disconnected when the dialog ends
/// ```
@MainActor
enum SheetFit {
  /// Fits `window` to `parent` now, and again on each of the parent's size changes until the
  /// returned connections are disconnected.
  static func follow(_ parent: Window, with window: Window) -> [SignalConnection] {
    fit(window, over: parent)
    let placement = Placement()
    // GTK keeps a toplevel's default size as its size when a person (or the window manager)
    // resizes it, and notifies it; maximizing leaves it alone, so that is followed too.
    return ["default-width", "default-height", "maximized", "fullscreened"].compactMap { property in
      parent.onChange(of: property) {
        fit(window, over: parent)
        placement.settle(window, over: parent)
      }
    }
  }

  /// The place check waiting for a resize to settle (the window manager's move of the parent
  /// comes after its new size); freed, and so cancelled, with the dialog's connections.
  @MainActor
  private final class Placement {
    private var pending: TimeoutSource?

    func settle(_ window: Window, over parent: Window) {
      pending = TimeoutSource(seconds: 0.15) {
        // Fitted again: under X11, GTK takes the answer to an older size request that arrives
        // after a newer one for the window's size (the session test saw a sheet left at the
        // size for the parent before, after two quick resizes).
        SheetFit.fit(window, over: parent)
        window.keep(within: parent)
      }
    }

    isolated deinit {}
  }

  /// Gives `window` the sheet size for `parent`'s size now.
  static func fit(_ window: Window, over parent: Window) {
    let size = SheetSize.fitting(parent: size(of: parent))
    let now = window.defaultSize
    guard now.width != size.width || now.height != size.height else { return }
    window.defaultSize = (size.width, size.height)
  }

  /// `parent`'s size: what it is laid out at when it is maximized, fullscreen or has no default
  /// size; else its default size (which GTK updates as it is resized, before the new layout).
  /// `nil` when it has neither yet.
  static func size(of parent: Window) -> SheetSize? {
    let shown = parent.laidOutSize
    let laidOut = SheetSize(width: shown.width, height: shown.height)
    let (width, height) = (parent.defaultSize.width, parent.defaultSize.height)
    let isWhole = parent.isMaximized || parent.isFullscreen
    if parent.isMapped, laidOut.width > 0, laidOut.height > 0, isWhole || width <= 0 || height <= 0 {
      return laidOut
    }
    guard width > 0, height > 0 else { return laidOut.width > 0 && laidOut.height > 0 ? laidOut : nil }
    return SheetSize(width: width, height: height)
  }
}
