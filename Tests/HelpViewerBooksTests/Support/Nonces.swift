import Foundation

/// Rendered Mallard pages compared without their nonces (each page handed out gets a new one).
enum Nonces {
  /// `html` as text, every `nonce="…"` attribute's value replaced by `N`.
  static func removed(_ html: Data?) -> String? {
    html.map {
      String(decoding: $0, as: UTF8.self).replacingOccurrences(
        of: #"nonce="[0-9a-f]{32}""#, with: #"nonce="N""#, options: .regularExpression)
    }
  }

  /// The nonces in `html`, in order.
  static func all(in html: String) -> [String] {
    let pattern = #/nonce="([0-9a-f]{32})"/#
    return html.matches(of: pattern).map { String($0.output.1) }
  }
}
