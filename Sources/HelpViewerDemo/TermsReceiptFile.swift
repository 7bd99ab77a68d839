import Foundation
import HelpViewer

/// The receipt of the terms Notebook's user accepted, kept in `XDGFolders.termsReceipt`: while
/// there is one, Notebook does not ask again at start; `forget()` (`--forget-terms`) removes it.
///
/// ```swift
/// let file = TermsReceiptFile(url: XDGFolders().termsReceipt)
/// if file.receipt == nil { window.showTerms() }
/// file.keep(receipt)   // after Accept
/// ```
struct TermsReceiptFile {
  let url: URL

  /// The kept receipt, or `nil` when there is none (or it cannot be read).
  var receipt: TermsReceipt? {
    guard let data = try? Data(contentsOf: url) else { return nil }
    return try? JSONDecoder.notes.decode(TermsReceipt.self, from: data)
  }

  /// Saves `receipt`, creating the folder; throws when it cannot be written.
  func keep(_ receipt: TermsReceipt) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try JSONEncoder.notes.encode(receipt).write(to: url, options: .atomic)
  }

  /// Removes the kept receipt, if any.
  func forget() {
    try? FileManager.default.removeItem(at: url)
  }
}
