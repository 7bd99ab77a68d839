import Foundation
import HelpViewerCore

/// The pages of "Notebook", the pretend app of `help-viewer-demo`: its help (`help/`, several
/// linked pages and their stylesheet, light and dark), its terms (`terms/terms.html`) and its
/// translations (`po/`). They are the demo's, not the library's: only the demo and the
/// benchmark link this target.
///
/// The folder is found as an installed app keeps it (`ResourceLocator`): next to the
/// executable, the build folder, `share/help-viewer-demo/` under the prefix, the XDG data
/// directories.
///
/// ```swift
/// let pages = try NotebookContent.locate()
/// BundledScheme.register(folder: pages, as: NotebookContent.folderName)
/// ```
public enum NotebookContent {
  /// The resource bundle SwiftPM makes of this target (package `HelpViewer`, target
  /// `HelpViewerDemoContent`); an install copies it next to the binary or into `share/APP/`.
  public static let bundleName = "HelpViewer_HelpViewerDemoContent.resources"
  /// The name the demo serves the folder under: `help-viewer://notebook/…`.
  public static let folderName = "notebook"
  /// The app's folder name below `share/` and the XDG data directories.
  public static let app = "help-viewer-demo"

  /// The locator of the folder holding `help/`, `terms/` and `po/`.
  public static var locator: ResourceLocator {
    ResourceLocator(bundleName, app: app, entry: "help/index.html")
  }

  /// The folder holding `help/`, `terms/` and `po/`, or a `.resourcesNotFound` error saying
  /// where it was looked for.
  public static func locate() throws(LoadError) -> URL {
    try locator.locate()
  }
}
