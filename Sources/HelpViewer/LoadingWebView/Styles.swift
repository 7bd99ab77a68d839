import HelpViewerGlue

/// The package's few CSS rules, installed once for the default display: the one CSS installer
/// (the viewer's progress bar, error view and find bar, the dialog's note), called by each
/// widget that needs one of them.
///
/// ```swift
/// Styles.install()   // again: nothing
/// note.addStyleClass("help-viewer-note")
/// ```
@MainActor
enum Styles {
  private static var installed = false

  static let css = """
    progressbar.help-viewer-progress trough,
    progressbar.help-viewer-progress progress { min-height: 3px; min-width: 0; margin: 0; padding: 0; border-radius: 0; border: none; }
    progressbar.help-viewer-progress trough { background: transparent; }
    .help-viewer-error .help-viewer-error-title { font-size: 1.4em; font-weight: bold; }
    .help-viewer-find { background: @theme_bg_color; border: 1px solid @borders; border-top: none;
      border-radius: 0 0 6px 6px; padding: 6px; margin-right: 12px; }
    .help-viewer-note { background: alpha(@accent_bg_color, 0.15); padding: 6px 12px; }
    """

  /// Adds the rules to the default display, once; does nothing before there is a display.
  static func install() {
    guard !installed else { return }
    installed = StyleSheet.addToDefaultDisplay(css)
  }
}
