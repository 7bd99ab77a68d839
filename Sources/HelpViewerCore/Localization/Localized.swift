/// The one function every user-visible string of the package goes through: `msgid`'s
/// translation in the current language's gettext catalog (`po/LANG.po`), or `msgid` itself
/// (English) when there is none. See `Localization` for how the language is chosen.
///
/// Use constant English text; put values in with format placeholders so one msgid covers them:
///
/// ```swift
/// gtk_widget_set_tooltip_text(button, localized("Back"))
/// let text = String(format: localized("The server “%@” did not answer."), host)
/// ```
public func localized(_ msgid: String) -> String {
  Localization.translate(msgid)
}

/// The translation of a message that depends on a number: the language's plural form for
/// `count` (gettext's `ngettext`), or `singular`/`plural` in English. The count still has to be
/// formatted in.
///
/// ```swift
/// let text = String(format: localized("%d match", "%d matches", count: n), n)
/// ```
public func localized(_ singular: String, _ plural: String, count: Int) -> String {
  Localization.translate(singular, plural, count: count)
}

/// The translation of `msgid` in `context` (gettext's `pgettext`): for one English word that
/// two places need translated differently.
///
/// ```swift
/// let label = localized("Open", context: "verb")
/// ```
public func localized(_ msgid: String, context: String) -> String {
  Localization.translate(msgid, context: context)
}
