import Foundation

/// The `localized(…)` calls (or another function's, such as the demo's `notebookLocalized(…)`)
/// in Swift sources, read the way the Swift compiler reads string literals (escapes included),
/// for the catalog tests.
enum SourceScan {
  struct Message {
    var msgid: String
    var context: String?
    var location: String
  }

  /// Every call's msgid (and context) in the Swift files below `directories`, leaving out the
  /// folders named in `excluding`, and the calls whose msgid is not a constant literal.
  static func localizedCalls(
    in directories: [URL], function: String = "localized", excluding: Set<String> = []
  ) throws -> (messages: [Message], problems: [String]) {
    var messages: [Message] = []
    var problems: [String] = []
    for directory in directories {
      let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
      while let file = files?.nextObject() as? URL {
        if excluding.contains(file.lastPathComponent) {
          files?.skipDescendants()
          continue
        }
        guard file.pathExtension == "swift" else { continue }
        try scan(file, function: function, into: &messages, &problems)
      }
    }
    return (messages, problems)
  }

  private static func scan(
    _ file: URL, function: String, into messages: inout [Message], _ problems: inout [String]
  ) throws {
    let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
    // Comments (documentation examples included) are no calls.
    let code = lines.map { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : $0 }.joined(separator: "\n")
    var rest = Substring(code)
    while let call = rest.range(of: function + "(") {
      let before = rest[..<call.lowerBound]
      let location = "\(file.lastPathComponent):\(code[..<call.lowerBound].filter { $0 == "\n" }.count + 1)"
      rest = rest[call.upperBound...]
      if before.hasSuffix("func ") || before.last.map({ $0.isLetter || $0.isNumber || $0 == "_" }) == true {
        continue
      }
      let arguments = rest.drop { $0.isWhitespace }
      guard let (msgid, afterFirst) = literal(at: arguments) else {
        problems.append("\(location): not a string literal")
        continue
      }
      var message = Message(msgid: msgid, location: location)
      let more = afterFirst.drop { $0.isWhitespace }
      if more.hasPrefix(",") {
        let next = more.dropFirst().drop { $0.isWhitespace }
        if next.hasPrefix("context:") {
          message.context = literal(at: next.dropFirst(8).drop { $0.isWhitespace })?.value
          if message.context == nil { problems.append("\(location): the context is not a string literal") }
        }
      }
      if msgid.contains("\\(") { problems.append("\(location): “\(msgid)” interpolates values") }
      messages.append(message)
    }
  }

  /// The value of the single-line string literal at the start of `text`, and what follows it.
  static func literal(at text: Substring) -> (value: String, rest: Substring)? {
    guard text.hasPrefix("\""), !text.hasPrefix("\"\"\"") else { return nil }
    var value = ""
    var index = text.index(after: text.startIndex)
    while index < text.endIndex {
      let character = text[index]
      index = text.index(after: index)
      switch character {
      case "\"": return (value, text[index...])
      case "\n": return nil
      case "\\":
        guard index < text.endIndex else { return nil }
        let escaped = text[index]
        index = text.index(after: index)
        switch escaped {
        case "n": value += "\n"
        case "t": value += "\t"
        case "r": value += "\r"
        case "0": value += "\0"
        case "\"", "\\", "'": value.append(escaped)
        case "(": value += "\\("  // Interpolation: reported as a problem.
        case "u":
          guard let close = text[index...].firstIndex(of: "}"),
            let code = UInt32(text[text.index(after: index)..<close], radix: 16), let scalar = Unicode.Scalar(code)
          else { return nil }
          value.unicodeScalars.append(scalar)
          index = text.index(after: close)
        default: return nil
        }
      default: value.append(character)
      }
    }
    return nil
  }
}
