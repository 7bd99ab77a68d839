import Foundation
import HelpViewerCore

/// The pages of "Notebook", the pretend app of `help-viewer-demo`: its help book (`help/`: the
/// pages in `help/C/` and their German translation in `help/de/`, sharing `help/style.css`,
/// light and dark), its terms (`terms/terms.html`) and its translations (`po/`). They are the demo's, not the library's: only the demo and the
/// benchmark link this target.
///
/// The folder is found as an installed app keeps it (`ResourceLocator`): next to the
/// executable, the build folder, `share/help-viewer-demo/` under the prefix, the XDG data
/// directories.
///
/// ```swift
/// let pages = try NotebookContent.locate()
/// BundledScheme.register(folder: pages, as: NotebookContent.folderName)
/// let index = NotebookContent.helpPath()   // "help/de/index.html" under LANGUAGE=de, else "help/C/index.html"
/// ```
public enum NotebookContent {
  /// The resource bundle SwiftPM makes of this target (package `HelpViewer`, target
  /// `HelpViewerDemoContent`); an install copies it next to the binary or into `share/APP/`.
  public static let bundleName = "HelpViewer_HelpViewerDemoContent.resources"
  /// The name the demo serves the folder under: `help-viewer://notebook/…`.
  public static let folderName = "notebook"
  /// The app's folder name below `share/` and the XDG data directories.
  public static let app = "help-viewer-demo"

  /// The help book's folder inside the located folder: `C/` and `de/` below it (a `HelpBook`).
  public static let helpFolder = "help"

  /// The locator of the folder holding `help/`, `terms/` and `po/`.
  public static var locator: ResourceLocator {
    ResourceLocator(bundleName, app: app, entry: "\(helpFolder)/C/index.html")
  }

  /// The path of help page `page` (its id) inside the located folder, in the first of
  /// `languages` (`Localization.languages` by default: `LANGUAGE`, then the locale) that has
  /// it, else in `C/`: `help/de/sync.html`, `help/C/sync.html`.
  public static func helpPath(
    _ page: String = "index", languages: [String] = Localization.languages, in folder: URL? = try? locate()
  ) -> String {
    for language in languages where !language.isEmpty && !language.contains("/") && language != ".." {
      let path = "\(helpFolder)/\(language)/\(page).html"
      if let folder, FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path) { return path }
    }
    return "\(helpFolder)/C/\(page).html"
  }

  /// The folder holding `help/`, `terms/` and `po/`, or a `.resourcesNotFound` error saying
  /// where it was looked for.
  public static func locate() throws(LoadError) -> URL {
    try locator.locate()
  }
}
