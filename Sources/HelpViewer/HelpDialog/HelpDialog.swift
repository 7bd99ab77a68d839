import Foundation
import HelpViewerCore
import HelpViewerGlue

/// A sheet-like modal dialog showing one page: a header bar with the page title (and its host),
/// navigation, Open in Browser, a menu and a close button (each optional, see `Controls`), the
/// `LoadingWebView` below it. Esc and Ctrl+W close it; Alt+Left and Alt+Right go back and
/// forward; F5 and Ctrl+R reload. Esc closes an open find bar (or help search)
/// first; the viewer's `viewer.*` actions (find, zoom, print) work anywhere in the dialog. A
/// dialog showing a help book (`HelpDialog+Book.swift`) has help search (Ctrl+K).
///
/// The dialog is transient for its parent and destroyed with it; it keeps itself alive while it
/// is open, so a host need not hold on to it. When the parent is a window of a `GtkApplication`,
/// the dialog's window joins that application while the dialog is open (the application's
/// accelerators and `app.*` actions work in it), and the application quitting closes the dialog.
/// Once closed, its window and web view may serve the next dialog, hidden until then and with
/// nothing the host changed on them (`HelpViewerEngine.reusesDialogWindows`); `DialogOwner`
/// holds them and decides.
///
/// ```swift
/// HelpDialog.present(helpURL, title: "Help", over: window)
/// // or wait for it:
/// await HelpDialog.present(helpURL, title: "Help", over: window).waitUntilClosed()
/// ```
@MainActor
public final class HelpDialog {
  /// The viewer inside the dialog.
  public let viewer: LoadingWebView
  /// Shown as the title until the page gives one (and when it has none).
  public let fallbackTitle: String
  /// Whether the dialog's window is still open.
  public private(set) var isOpen = false
  /// Called once, when the dialog closes (by its close button, Esc, Ctrl+W, `close()`, with its
  /// parent, or when its application quits; also when it ends that way before it was presented).
  public var onClose: (() -> Void)?

  /// The dialog's `GtkWindow *` until the dialog ends (closed, its parent destroyed, its
  /// application quit), then `nil`: the window is destroyed then, or kept hidden for the next
  /// dialog, never this one's again. GTK owns it. An `OpaquePointer`, so that it fits whatever
  /// module the host gets GTK from (`UnsafeMutablePointer<GtkWindow>(…)`).
  public var window: OpaquePointer? { hasEnded ? nil : OpaquePointer(dialogWindow.address) }
  /// The dialog's window: nothing touches it once the dialog has ended (`hasEnded`).
  let dialogWindow: Window

  let header: DialogHeader
  /// Whether the dialog shows help (not terms, which have a footer): help asked for over its
  /// window comes here (`OpenHelpDialogs`).
  private(set) var showsHelp = true
  /// The window the dialog stands over, if any (compared, never touched: the dialog goes with it).
  let parentWindow: Window?
  /// The owner of the window, header and viewer, which decides what becomes of them at the end.
  let owner: DialogOwner
  /// The dialog's own actions, as `dialog.NAME` (see `HelpDialog+Actions.swift`).
  let actions = ActionGroup()
  /// Whether the dialog has ended (closed, its parent destroyed, its application quit): every
  /// public method does nothing from then on, and nothing touches its window.
  var hasEnded: Bool { owner.hasEnded }
  /// The help book shown, its search bar and its note (see `HelpDialog+Book.swift`).
  var bookSupport: DialogBook?
  /// The shortcut controllers the dialog added to its window, taken off when it is kept.
  var windowShortcuts: [ShortcutController] {
    get { owner.windowShortcuts }
    set { owner.windowShortcuts = newValue }
  }
  let signals = SignalBag()
  private var keepAlive: HelpDialog?
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Shows `url` in a new dialog over `parent` (a `GtkWindow`, or any widget in one, as any
  /// pointer: see `DialogParent`; `nil` for none), with the header bar `controls` (`.standard`:
  /// the menu and close).
  @discardableResult
  public static func present(
    _ url: URL, title: String = localized("Help"), over parent: (any DialogParent)? = nil,
    controls: Controls = .standard
  ) -> HelpDialog {
    let owner = DialogOwner(preloadedFor: url, controls: controls)
    let dialog = HelpDialog(owner: owner, title: title, over: parent, controls: controls)
    dialog.present()
    if !owner.isPreloaded { dialog.viewer.load(url) }
    return dialog
  }

  /// Shows `url` in a new dialog; `showsNavigation` adds back, forward and reload.
  @discardableResult
  public static func present(
    _ url: URL, title: String = localized("Help"), over parent: (any DialogParent)? = nil, showsNavigation: Bool
  ) -> HelpDialog {
    present(url, title: title, over: parent, controls: .standard(showsNavigation: showsNavigation))
  }

  /// Shows what a person typed (`example.com`, a URL, a file path) in a new dialog; an address
  /// that cannot be loaded shows the error view at once.
  @discardableResult
  public static func present(
    address: String, title: String = localized("Help"), over parent: (any DialogParent)? = nil,
    controls: Controls = .standard
  ) -> HelpDialog {
    let dialog = HelpDialog(title: title, over: parent, controls: controls)
    dialog.present()
    // GNOME's help:APP/PAGE#section addresses: the app's installed help book.
    if HelpDialog.isHelpAddress(address) {
      dialog.load(helpAddress: address)
    } else {
      dialog.viewer.load(address: address)
    }
    return dialog
  }

  /// What a person typed, in a new dialog; `showsNavigation` adds back, forward and reload.
  @discardableResult
  public static func present(
    address: String, title: String = localized("Help"), over parent: (any DialogParent)? = nil,
    showsNavigation: Bool
  ) -> HelpDialog {
    present(address: address, title: title, over: parent, controls: .standard(showsNavigation: showsNavigation))
  }

  /// A dialog that is not shown yet, with back, forward and reload when `showsNavigation`.
  public convenience init(
    title: String = localized("Help"), over parent: (any DialogParent)? = nil, showsNavigation: Bool
  ) {
    self.init(title: title, over: parent, controls: .standard(showsNavigation: showsNavigation))
  }

  /// A dialog that is not shown yet, with the header bar `controls`; call `present()` and
  /// `viewer.load(_:)`.
  ///
  /// ```swift
  /// let dialog = HelpDialog(title: "Help", over: window, controls: .all)
  /// dialog.present()
  /// dialog.viewer.load(helpURL)
  /// ```
  public convenience init(
    title: String = localized("Help"), over parent: (any DialogParent)? = nil, controls: Controls = .standard
  ) {
    self.init(owner: DialogOwner(preloadedFor: nil, controls: controls), title: title, over: parent, controls: controls)
  }

  /// A dialog in `owner`'s window, header and viewer (new, a closed dialog's, or a preload's).
  init(owner: DialogOwner, title: String, over parent: (any DialogParent)?, controls: Controls) {
    HelpViewerEngine.integrateMainLoop()
    fallbackTitle = title
    self.owner = owner
    viewer = owner.viewer
    dialogWindow = owner.window
    header = owner.header
    // A new window's state, also for a kept one: nothing a host did to the dialog before stays.
    DialogWindow.restore(dialogWindow, titlebar: header.bar)
    if !dialogWindow.hasChild(viewer.root) { dialogWindow.setChild(viewer.root) }
    dialogWindow.title = title
    let parentWindow = ParentWindow.resolve(parent)
    self.parentWindow = parentWindow
    if let application = DialogWindow.attach(dialogWindow, to: parentWindow) {
      // `g_application_quit` ends the application's windows' dialogs (a terms dialog's answer
      // is then `.dismissed`); no window is destroyed by GTK then.
      signals += application.onShutdown { [weak self] in self?.end(.applicationQuit) }
    }
    // A sheet over its parent: never larger (with a margin), following its resizes.
    if let parentWindow {
      for connection in SheetFit.follow(parentWindow, with: dialogWindow) { signals += connection }
    }

    signals += header.closeButton.connectClicked { [weak self] in self?.close() }
    signals += header.backButton.connectClicked { [weak self] in self?.viewer.goBack() }
    signals += header.forwardButton.connectClicked { [weak self] in self?.viewer.goForward() }
    signals += header.reloadButton.connectClicked { [weak self] in
      guard let viewer = self?.viewer else { return }
      if viewer.state.isLoading { viewer.stop() } else { viewer.reload() }
    }
    if let destroyed = dialogWindow.onDestroy({ [weak self] in self?.end(.windowDestroyed) }) {
      signals += destroyed
    }
    windowShortcuts += [
      // Esc closes an open find bar first; only the next Esc closes the dialog.
      dialogWindow.addShortcut("Escape") { [weak self] in
        if self?.viewer.hideFindBar() == false, self?.hideSearch() == false { self?.close() }
        return true
      },
      dialogWindow.addShortcut("<Control>w") { [weak self] in
        self?.close()
        return true
      },
      // The viewer's actions and their shortcuts work wherever the focus is in the dialog (the
      // header's buttons and menus too).
      dialogWindow.addActionShortcuts(ViewerActions.shortcuts),
    ].compactMap { $0 }
    dialogWindow.insertActions(viewer.actions.actionGroup, as: ViewerActions.prefix)
    installActions()
    installNavigationShortcuts()
    followZoom()
    // The page has the keyboard focus from the start (not the first header button).
    dialogWindow.setFocus(viewer.page)
    viewer.observe { [weak self] state in self?.render(state) }
  }

  /// Shows the dialog (it stays alive while open).
  public func present() {
    guard !hasEnded else { return }
    guard !isOpen else {
      dialogWindow.present()
      return
    }
    isOpen = true
    keepAlive = self
    OpenHelpDialogs.add(self)
    dialogWindow.present()
    // Again once shown: a reused window may not have taken it while hidden.
    if !viewer.ownsFocus { viewer.takeFocus() }
  }

  /// Closes the dialog at once (`isOpen` is `false` on return); does nothing once the dialog has
  /// ended (closed, its parent destroyed, its application quit).
  public func close() {
    end(.closed)
  }

  /// On the main thread, wherever the last reference went: the dialog's signals and widgets are
  /// GTK's. A dialog dropped before it ended is ended by its `owner` (`DialogOwner`).
  isolated deinit {}

  /// Puts `footer` below the page, e.g. the terms dialog's Decline and Accept buttons.
  func setFooter(_ footer: Widget) {
    guard !hasEnded else { return }
    owner.isReusable = false
    showsHelp = false
    let box = Box(.vertical)
    // Replacing the window's child unparents the viewer's widget; the viewer keeps it alive.
    dialogWindow.setChild(box)
    box.append(viewer.root)
    box.append(footer)
  }

  /// Returns once the dialog has closed (at once when it is not open). Cancelling the task that
  /// waits closes the dialog (on the main actor's next turn), and then this returns.
  public func waitUntilClosed() async {
    guard isOpen else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { waiter in
        // Closed meanwhile (a cancellation handled before the wait began): no waiting.
        if hasEnded { waiter.resume() } else { waiters.append(waiter) }
      }
    } onCancel: {
      // Any thread: the dialog is the main actor's.
      Task { @MainActor [weak self] in self?.close() }
    }
  }

  /// How many tasks wait in `waitUntilClosed()` now (for tests).
  var waitingTasks: Int { waiters.count }

  private func render(_ state: LoadState) {
    // The error's title while it shows: the page's title belongs to the page under it.
    let title = state.error?.title ?? state.title ?? fallbackTitle
    header.render(state, title: title)
    renderActions(state)
    dialogWindow.title = title
  }

  /// The dialog's end, whichever way it comes (`close()`, the application quitting, or the
  /// window destroyed by GTK along with its parent), also before it was ever presented: the
  /// viewer and every signal are disconnected, so nothing draws into the header or the window
  /// afterwards; `owner` keeps or destroys the window. Runs once.
  private func end(_ way: DialogOwner.Ending) {
    guard !hasEnded else { return }
    let wasOpen = isOpen
    isOpen = false
    owner.end(way, wasOpen: wasOpen) {
      signals.disconnectAll()
      actions.disconnectAll()
      bookSupport?.end()
      let waiting = waiters
      waiters.removeAll()
      for waiter in waiting { waiter.resume() }
      onClose?()
      onClose = nil
      keepAlive = nil
    }
  }
}
