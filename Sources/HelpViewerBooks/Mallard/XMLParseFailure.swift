import Foundation
import HelpViewerCXML2
import HelpViewerCore

/// Why libxml2 could not read a page, for a person who wants to fix it: the file, line and
/// column of the first error, and libxml2's words (issue 30: a page that is not well-formed
/// showed as an HTTP error of a server).
///
/// ```swift
/// guard let document = xmlReadFile(path, nil, options) else {
///   throw XMLParseFailure.invalidPage(at: path, id: "counting")
/// }
/// ```
enum XMLParseFailure {
  /// A `.invalidPage` error for the page file at `path` (page `id`), with libxml2's last error
  /// on this thread as its details: `FILE:LINE:COLUMN: MESSAGE`. The page's bytes were read
  /// already (a file that cannot be read fails before, as `.cannotShowContent`).
  static func invalidPage(at path: String, id: String) -> LoadError {
    var location = path
    var message = "not well-formed XML"
    if let error = xmlGetLastError() {
      if error.pointee.line > 0 { location += ":\(error.pointee.line):\(error.pointee.int2)" }
      if let text = error.pointee.message {
        message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
      }
    }
    return LoadError(.invalidPage, url: path, details: "\(location): \(message) (the Mallard page “\(id)”)")
  }
}
