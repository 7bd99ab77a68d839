/// The one function every user-visible string of the package goes through.
///
/// Interim: returns `msgid` unchanged until the gettext catalogs land (issue 4, translations).
///
/// ```swift
/// gtk_widget_set_tooltip_text(button, localized("Back"))
/// let text = String(format: localized("%d matches"), count)
/// ```
public func localized(_ msgid: String) -> String {
  msgid
}
