/// Reads a gettext `.po` file into a `Catalog`: `msgctxt`, `msgid`, `msgid_plural`, `msgstr`
/// and `msgstr[N]`, strings continued over several lines, C escapes, and the header's
/// `Plural-Forms`. Fuzzy, untranslated and obsolete (`#~`) entries are left out, as `msgfmt`
/// does.
///
/// ```swift
/// let catalog = try POParser.parse("msgid \"Back\"\nmsgstr \"Zurück\"\n")
/// catalog.translation(of: "Back")  // "Zurück"
/// ```
public enum POParser {
  /// Where and why a `.po` text could not be read.
  public struct SyntaxError: Error, Equatable, CustomStringConvertible {
    /// The line, counting from 1.
    public let line: Int
    public let reason: String
    public var description: String { "line \(line): \(reason)" }
  }

  /// The field a string line adds to.
  private enum Field: Equatable {
    case context, msgid, msgidPlural
    case msgstr(Int)
  }

  /// Parses `text`; throws `SyntaxError` on lines that are not `.po` syntax.
  public static func parse(_ text: String) throws -> Catalog {
    var catalog = Catalog()
    var entry: Catalog.Entry?
    var field: Field?
    var fuzzyComment = false

    func finish(at line: Int) throws {
      if let done = entry {
        do { try catalog.add(done) } catch { throw SyntaxError(line: line, reason: "\(error)") }
      }
      entry = nil
      field = nil
    }

    for (offset, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
      let number = offset + 1
      let line = raw.trimmingLeadingSpaces.trimmingTrailingSpaces
      var isMsgstr: Bool {
        if case .msgstr = field { return true }
        return false
      }
      if line.isEmpty {
        try finish(at: number)
        fuzzyComment = false
        continue
      }
      if line.hasPrefix("#") {
        if isMsgstr { try finish(at: number) }
        if line.hasPrefix("#,"), line.split(whereSeparator: { $0 == "," || $0 == " " }).contains("fuzzy") {
          fuzzyComment = true
        }
        continue
      }
      if line.hasPrefix("\"") {
        guard let current = field else { throw SyntaxError(line: number, reason: "A string outside an entry.") }
        append(try unquote(line, line: number), to: current, of: &entry)
        continue
      }
      let keyword = String(line.prefix { $0 != " " && $0 != "\t" })
      let value = try unquote(line.dropFirst(keyword.count).trimmingLeadingSpaces, line: number)
      let newField: Field
      switch keyword {
      case "msgctxt": newField = .context
      case "msgid": newField = .msgid
      case "msgid_plural": newField = .msgidPlural
      case "msgstr": newField = .msgstr(0)
      default:
        guard keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"),
          let index = Int(keyword.dropFirst(7).dropLast()), (0..<100).contains(index)
        else { throw SyntaxError(line: number, reason: "Unknown keyword “\(keyword)”.") }
        newField = .msgstr(index)
      }
      // A msgctxt or msgid after a msgstr starts the next entry even without a blank line.
      if newField == .context || newField == .msgid {
        if isMsgstr { try finish(at: number) }
        if entry == nil {
          entry = Catalog.Entry(context: nil, msgid: "", msgidPlural: nil, msgstr: [], isFuzzy: fuzzyComment)
          fuzzyComment = false
        }
      }
      guard entry != nil else { throw SyntaxError(line: number, reason: "“\(keyword)” before msgid.") }
      if case .msgstr(let index) = newField {
        while let count = entry?.msgstr.count, count <= index { entry?.msgstr.append("") }
      }
      field = newField
      append(value, to: newField, of: &entry)
    }
    try finish(at: text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count)
    return catalog
  }

  private static func append(_ text: String, to field: Field, of entry: inout Catalog.Entry?) {
    guard var changed = entry else { return }
    switch field {
    case .context: changed.context = (changed.context ?? "") + text
    case .msgid: changed.msgid += text
    case .msgidPlural: changed.msgidPlural = (changed.msgidPlural ?? "") + text
    case .msgstr(let index): changed.msgstr[index] += text
    }
    entry = changed
  }

  /// The value of a quoted `.po` string with its C escapes resolved.
  static func unquote(_ quoted: Substring, line: Int) throws -> String {
    let body = quoted.trimmingTrailingSpaces
    guard body.count >= 2, body.first == "\"", body.last == "\"" else {
      throw SyntaxError(line: line, reason: "Expected a string in double quotes.")
    }
    var out = ""
    var scalars = body.dropFirst().dropLast().unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "\"" { throw SyntaxError(line: line, reason: "An unescaped quote inside a string.") }
      guard scalar == "\\" else {
        out.unicodeScalars.append(scalar)
        continue
      }
      guard let escaped = scalars.next() else { throw SyntaxError(line: line, reason: "A string ends in “\\”.") }
      switch escaped {
      case "n": out += "\n"
      case "t": out += "\t"
      case "r": out += "\r"
      case "a": out += "\u{7}"
      case "b": out += "\u{8}"
      case "f": out += "\u{C}"
      case "v": out += "\u{B}"
      case "\\", "\"", "'", "?": out.unicodeScalars.append(escaped)
      default: throw SyntaxError(line: line, reason: "Unsupported escape “\\\(escaped)”.")
      }
    }
    return out
  }
}

extension Substring {
  fileprivate var trimmingLeadingSpaces: Substring { drop { $0 == " " || $0 == "\t" } }

  /// Without trailing blanks (and the carriage return of CRLF line ends).
  fileprivate var trimmingTrailingSpaces: Substring {
    var result = self
    while let last = result.last, last == " " || last == "\t" || last == "\r" { result = result.dropLast() }
    return result
  }
}
