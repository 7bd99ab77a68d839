import HelpViewerCGtk

/// A GTK button (`GtkButton`): a labelled one, or an icon with a tooltip.
///
/// ```swift
/// let retry = Button(mnemonic: localized("_Retry"))   // Alt+R presses it
/// signals += retry.connectClicked { [weak self] in self?.reload() }
/// ```
@MainActor
public final class Button: Widget {
  /// A button labelled `label`, its underlined letter pressing it with Alt. Screen readers read
  /// the words alone ("Retry", not "_Retry Retry" as GTK 4.8 would).
  public init(mnemonic label: String) {
    super.init(adoptingNew: gcast(UnsafeMutableRawPointer(mnemonicButton(label))))
  }

  /// A button showing the icon `iconName`, e.g. `"window-close-symbolic"`. Give it a tooltip and
  /// an accessible label: an icon has no words of its own.
  public init(iconName: String) {
    super.init(adoptingNew: gtk_button_new_from_icon_name(iconName))
  }

  private var button: UnsafeMutablePointer<GtkButton> { gcast(raw) }

  /// The label's text as set, mnemonic underscore included (`"_Retry"`), or `nil` for an icon.
  public var label: String? { gtk_button_get_label(button).map { String(cString: $0) } }

  /// The icon shown, e.g. `"process-stop-symbolic"`.
  public var iconName: String? {
    get { gtk_button_get_icon_name(button).map { String(cString: $0) } }
    set { gtk_button_set_icon_name(button, newValue) }
  }

  /// The action a click activates, e.g. `"terms.accept"`; the button is then sensitive exactly
  /// when that action is enabled.
  public var actionName: String? {
    get { gtk_actionable_get_action_name(OpaquePointer(raw)).map { String(cString: $0) } }
    set { gtk_actionable_set_action_name(OpaquePointer(raw), newValue) }
  }

  /// `GtkButton::clicked`: the button was pressed (by pointer, key or assistive technology).
  @discardableResult
  public func connectClicked(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
    button.connectClicked(handler)
  }
}
