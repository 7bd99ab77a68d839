import Foundation
import HelpViewer

/// A terms receipt as one JSON line, as the demo prints it after Accept.
enum ReceiptJSON {
  static func line(for receipt: TermsReceipt) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    guard let data = try? encoder.encode(receipt), let json = String(data: data, encoding: .utf8) else {
      return "{\"decision\":\"accepted\",\"sha256\":\(Report.quote(receipt.sha256))}"
    }
    return "{\"decision\":\"accepted\",\"receipt\":\(json)}"
  }
}
