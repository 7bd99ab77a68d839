import Foundation
import HelpViewer

/// A terms receipt as one JSON line, as the demo prints it after Accept: the decision and the
/// receipt (keys sorted, dates in ISO 8601), written by `JSONEncoder`.
///
/// ```swift
/// printLine(ReceiptJSON.line(for: receipt))
/// // {"decision":"accepted","receipt":{"acceptedAt":"…","finalURL":"…",…,"sha256":"…"}}
/// ```
struct ReceiptJSON: Encodable {
  var decision = "accepted"
  var receipt: TermsReceipt

  /// Only the hash, should the receipt itself not encode.
  private struct HashOnly: Encodable {
    var decision = "accepted"
    var sha256: String
  }

  static func line(for receipt: TermsReceipt) -> String {
    Report.encodedLine(ReceiptJSON(receipt: receipt))
      ?? Report.encodedLine(HashOnly(sha256: receipt.sha256))
      ?? #"{"decision":"accepted"}"#
  }
}
