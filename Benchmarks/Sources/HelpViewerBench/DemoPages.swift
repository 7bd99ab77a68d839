import Foundation
import HelpViewerBooks
import HelpViewerCore

/// The demo's pages ("Notebook"): `Resources/Notebook` in the library's source tree, the folder
/// the demo's resource bundle is made of. The benchmark is a package of its own, which cannot
/// link the demo's content target, so it reads the folder from the sources it was built with.
enum DemoPages {
  /// The name the demo serves the folder under: `help-viewer://notebook/…`.
  static let folderName = "notebook"
  /// The help book's folder inside the located folder: `C/` and `de/` below it.
  static let helpFolder = "help"

  /// The folder holding `help/`, `terms/` and `po/`; a `LoadError` when its help book is missing.
  static func locate() throws(LoadError) -> URL {
    let folder = Programs.libraryRoot.appendingPathComponent("Resources/Notebook")
    _ = try HelpBook(folder: folder.appendingPathComponent(helpFolder), languages: []).indexPage()
    return folder
  }

  /// The path of help page `page` inside the located folder, in the language the demo shows
  /// (`Localization.languages`, else `C`): `help/C/index.html`.
  static func helpPath(_ page: String = "index") -> String {
    let book = try? HelpBook(folder: locate().appendingPathComponent(helpFolder))
    let language = (try? book?.page(id: page))?.language ?? "C"
    return "\(helpFolder)/\(language)/\(page).html"
  }
}
