import Foundation
import HelpViewer

/// The one JSON line `--report` prints once the page settles.
enum Report {
  /// The report of `state`; `sha256` is the loaded document's hash (`null` when not loaded),
  /// `matches` the number of matches `--find` counted (`null` without `--find`).
  static func json(for state: LoadState, sha256: String? = nil, matches: Int? = nil) -> String {
    let error = state.error.map {
      "{\"kind\":\(quote($0.kind.rawValue)),\"title\":\(quote($0.title)),\"message\":\(quote($0.message)),\"details\":\(optional($0.details))}"
    }
    let fields: [(String, String)] = [
      ("phase", quote(state.phase.name)),
      ("url", optional(state.url ?? state.requestedURL)),
      ("title", optional(state.title)),
      ("httpStatus", state.httpStatus.map(String.init) ?? "null"),
      ("canGoBack", String(state.canGoBack)),
      ("canGoForward", String(state.canGoForward)),
      ("error", error ?? "null"),
      ("sha256", optional(sha256)),
      ("matches", matches.map(String.init) ?? "null"),
    ]
    return "{" + fields.map { "\(quote($0.0)):\($0.1)" }.joined(separator: ",") + "}"
  }

  private static func optional(_ text: String?) -> String { text.map(quote) ?? "null" }

  /// A JSON string literal for `text`.
  static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
