/// UTF-8 text gathered from a page with its whitespace collapsed: runs of spaces, tabs and line
/// breaks become one space, and none is kept at either end. Where a block ends and another
/// starts (`separateBlock()`: list items, paragraphs, headings) one line break (`\n`) is kept
/// instead, so snippets can show where one block stops.
///
/// The private-use characters U+E000 and U+E001, which `SearchIndex` uses to mark matches in
/// snippets, become spaces too, so page text can never fake a highlight.
///
/// ```swift
/// var buffer = TextBuffer()
/// buffer.append("  Hello,\n   world ")
/// buffer.text  // "Hello, world"
/// buffer.separateBlock()
/// buffer.append("Next item")
/// buffer.text  // "Hello, world\nNext item"
/// ```
struct TextBuffer {
  private(set) var bytes: [UInt8] = []
  private var pendingSpace = false
  private var pendingBreak = false

  var isEmpty: Bool { bytes.isEmpty }
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Ends a word: the next text starts after a space (elements that are not inline do this).
  mutating func separate() {
    if !bytes.isEmpty { pendingSpace = true }
  }

  /// Ends a block: the next text starts on a new line (`\n`).
  mutating func separateBlock() {
    if !bytes.isEmpty { pendingBreak = true }
  }

  /// Appends `text`; true when it held anything but whitespace.
  @discardableResult mutating func append(_ text: String) -> Bool {
    var copy = text
    return copy.withUTF8 { append(UnsafeBufferPointer(start: $0.baseAddress, count: $0.count)) }
  }

  /// Appends the NUL-terminated UTF-8 `text`; true when it held anything but whitespace.
  @discardableResult mutating func append(cString text: UnsafePointer<UInt8>?) -> Bool {
    guard let text else { return false }
    var length = 0
    while text[length] != 0 { length += 1 }
    return append(UnsafeBufferPointer(start: text, count: length))
  }

  private mutating func append(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var added = false
    var index = 0
    let count = text.count
    while index < count {
      let byte = text[index]
      var isSpace = byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
      var width = 1
      // U+E000 and U+E001 (EE 80 80, EE 80 81): the snippet markers.
      if byte == 0xEE, index + 2 < count, text[index + 1] == 0x80, text[index + 2] & 0xFE == 0x80 {
        isSpace = true
        width = 3
      }
      if isSpace {
        if !bytes.isEmpty { pendingSpace = true }
      } else {
        if pendingBreak {
          bytes.append(0x0A)
        } else if pendingSpace {
          bytes.append(0x20)
        }
        pendingSpace = false
        pendingBreak = false
        bytes.append(byte)
        added = true
      }
      index += width
    }
    return added
  }
}
