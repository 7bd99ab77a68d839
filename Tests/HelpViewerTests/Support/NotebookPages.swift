import Foundation
import HelpViewer
import HelpViewerDemoContent

/// The address of `path` among Notebook's pages (the demo's help and terms), served as
/// `help-viewer://notebook/…` once this has registered their folder: the library itself serves
/// no pages.
///
/// ```swift
/// viewer.load(try notebookPage("help/C/index.html"))
/// ```
@MainActor
func notebookPage(_ path: String) throws -> URL {
  BundledScheme.register(folder: try NotebookContent.locate(), as: NotebookContent.folderName)
  return BundledScheme.url(path, in: NotebookContent.folderName)
}
