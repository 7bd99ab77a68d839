import HelpViewerCore
import HelpViewerGlue

extension HelpDialog {
  /// Opens the page in the default browser (through `viewer.openExternally`): the page shown,
  /// or the address that failed or that the offline copy stands in for. Does nothing for
  /// bundled pages, which only this viewer can show, and after the dialog ended.
  ///
  /// ```swift
  /// dialog.openInBrowser()  // the same as the menu's "Open in Browser"
  /// ```
  public func openInBrowser() {
    guard !hasEnded, let address = PageOrigin(viewer.state).browserURL else { return }
    viewer.openExternally(address)
  }

  /// The actions behind the header's menu and buttons, as `dialog.NAME` in the window:
  /// `open-in-browser`, `back`, `forward`, `reload`, `stop`, `close`.
  func installActions() {
    actions.add("open-in-browser") { [weak self] in self?.openInBrowser() }
    actions.add("back") { [weak self] in self?.viewer.goBack() }
    actions.add("forward") { [weak self] in self?.viewer.goForward() }
    actions.add("reload") { [weak self] in self?.viewer.reload() }
    actions.add("stop") { [weak self] in self?.viewer.stop() }
    actions.add("close") { [weak self] in self?.close() }
    dialogWindow.insertActions(actions, as: "dialog")
  }

  /// Alt+Left and Alt+Right go back and forward, F5 and Ctrl+R reload (all also when the
  /// navigation buttons are left out). A key whose action cannot act now goes on to the page.
  func installNavigationShortcuts() {
    windowShortcuts += [
      dialogWindow.addShortcut("<Alt>Left") { [weak self] in self?.activate("back") ?? false },
      dialogWindow.addShortcut("<Alt>Right") { [weak self] in self?.activate("forward") ?? false },
      dialogWindow.addShortcut("F5|<Control>r") { [weak self] in self?.activate("reload") ?? false },
    ].compactMap { $0 }
  }

  /// Shows the viewer's zoom level in the menu's zoom row, now and whenever it changes (by the
  /// keyboard, the menu or the host).
  func followZoom() {
    let show: @MainActor () -> Void = { [weak self] in
      guard let self else { return }
      self.header.setZoomLabel(percent: Int((self.viewer.zoomLevel * 100).rounded()))
    }
    show()
    signals += viewer.page.onChange(of: "zoom-level", show)
  }

  /// Enables each action when it can act in `state`.
  func renderActions(_ state: LoadState) {
    actions.setEnabled("open-in-browser", PageOrigin(state).browserURL != nil)
    actions.setEnabled("back", state.canGoBack)
    actions.setEnabled("forward", state.canGoForward)
    actions.setEnabled("reload", state.canReload || state.isLoading)
    actions.setEnabled("stop", state.isLoading)
  }

  /// Activates `name` when it is enabled; returns whether it was.
  private func activate(_ name: String) -> Bool {
    guard !hasEnded, actions.isEnabled(name) else { return false }
    dialogWindow.activateAction("dialog.\(name)")
    return true
  }
}
