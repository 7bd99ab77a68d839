import Foundation

/// What a help book's pages are written in, told by its index page's file: `index.html`,
/// `index.page` (Mallard, as GNOME apps install their help) or `index.docbook` (DocBook).
///
/// ```swift
/// HelpFormat.detect(in: [URL(fileURLWithPath: "/usr/share/help/C/zenity")])  // .mallard
/// try HelpBook.installed(app: "zenity").format                                // .mallard
/// ```
public enum HelpFormat: String, Sendable, Hashable, CaseIterable {
  /// HTML pages, `PAGE.html`, shown as they are.
  case html
  /// Mallard pages, `PAGE.page`, rendered to HTML with yelp-xsl's stylesheets.
  case mallard
  /// DocBook (`index.docbook`): not shown; a book of it fails with `.helpFormatUnsupported`.
  case docbook

  /// The extension of a page's file: `html`, `page`, `docbook`.
  public var pageExtension: String {
    switch self {
    case .html: "html"
    case .mallard: "page"
    case .docbook: "docbook"
    }
  }

  /// The format of the first of `folders` that holds an index page; `.html` when none does.
  static func detect(in folders: [URL]) -> HelpFormat {
    for folder in folders {
      for format in [HelpFormat.html, .mallard, .docbook] {
        let index = folder.appendingPathComponent("index." + format.pageExtension)
        if FileManager.default.fileExists(atPath: index.path) { return format }
      }
    }
    return .html
  }
}
