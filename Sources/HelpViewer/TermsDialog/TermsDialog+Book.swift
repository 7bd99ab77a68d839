import Foundation
import HelpViewerBooks
import HelpViewerCore

extension TermsDialog {
  /// A dialog for the terms in a terms book (`C/terms.html`, `de/terms.html`, …): page `page`
  /// in the best language of the book's chain that has it (`C` for a page missing in German),
  /// served by the bundled scheme. The receipt records that language (`TermsReceipt.language`).
  /// A book without the page shows the error view, and nothing can be accepted.
  ///
  /// ```swift
  /// let terms = TermsDialog(book: try HelpBook(folder: termsFolder), page: "terms", over: window)
  /// terms.present()
  /// if case .accepted(let receipt) = await terms.waitForDecision() { receipt.language }  // "de"
  /// ```
  public convenience init(
    book: HelpBook, page: String = "index", title: String = localized("Terms of Service"),
    over parent: (any DialogParent)? = nil
  ) {
    let found = Result { () throws(LoadError) in try book.page(id: page) }
    let name = BundledScheme.name(for: book)
    self.init(BundledScheme.address(of: page, section: nil, in: name), title: title, over: parent)
    if case .success(let shown) = found { language = shown.language }
  }
}
