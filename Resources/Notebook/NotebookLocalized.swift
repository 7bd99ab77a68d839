import Foundation
import HelpViewerCore
import Synchronization

/// The translation of one of the demo's own strings in the current language (the library's
/// `Localization.languages`), from the demo's catalog `po/LANG.po` in `NotebookContent`'s
/// folder; `msgid` itself (English) when there is none. The library's catalog holds none of
/// the demo's strings, and the demo's none of the library's.
///
/// ```swift
/// gtk_window_set_title(window, notebookLocalized("Notebook"))   // "Notizbuch" with LANGUAGE=de
/// ```
public func notebookLocalized(_ msgid: String) -> String {
  for language in Localization.languages {
    if let text = NotebookCatalogs.catalog(for: language)?.translation(of: msgid) { return text }
  }
  return msgid
}

/// The demo's catalogs, each read once.
enum NotebookCatalogs {
  private static let loaded = Mutex<[String: Catalog?]>([:])
  /// `po/` in the demo's folder; `nil` (English) when the folder is not found.
  private static let directory: URL? = (try? NotebookContent.locate())?.appendingPathComponent("po")

  static func catalog(for language: String) -> Catalog? {
    loaded.withLock { loaded in
      if let known = loaded[language] { return known }
      let url = directory?.appendingPathComponent(language + ".po")
      let catalog = url.flatMap { try? String(contentsOf: $0, encoding: .utf8) }.flatMap { try? POParser.parse($0) }
      loaded[language] = .some(catalog)
      return catalog
    }
  }
}
