import Foundation
import HelpViewer

/// AcmeNotes' own help pages, served to HelpViewer as `help-viewer://acme/…`.
@MainActor
enum Help {
  /// Finds the app's help folder (its resource bundle, built or installed) and registers it once,
  /// at start. When it is missing, the help dialog shows HelpViewer's error view saying so.
  static func registerPages() {
    let locator = ResourceLocator("AcmeNotes_AcmeNotes.resources", app: "acme-notes", entry: "Help/index.html")
    do throws(LoadError) {
      let bundle = try locator.locate()
      BundledScheme.register(folder: bundle.appendingPathComponent("Help"), as: "acme")
    } catch {
      FileHandle.standardError.write(Data("AcmeNotes: \(error.message) \(error.details ?? "")\n".utf8))
    }
  }

  /// The address of one of the app's help pages.
  static func page(_ name: String) -> URL {
    BundledScheme.url(name, in: "acme")
  }
}
