/// UTF-8 text gathered from a page with its whitespace collapsed: runs of spaces, tabs and line
/// breaks become one space, and none is kept at either end.
///
/// The private-use characters U+E000 and U+E001, which `SearchIndex` uses to mark matches in
/// snippets, become spaces too, so page text can never fake a highlight.
///
/// ```swift
/// var buffer = TextBuffer()
/// buffer.append("  Hello,\n   world ")
/// buffer.text  // "Hello, world"
/// ```
struct TextBuffer {
  private(set) var bytes: [UInt8] = []
  private var pendingSpace = false

  var isEmpty: Bool { bytes.isEmpty }
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Ends a word: the next text starts after a space (elements that are not inline do this).
  mutating func separate() {
    if !bytes.isEmpty { pendingSpace = true }
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
        if pendingSpace {
          bytes.append(0x20)
          pendingSpace = false
        }
        bytes.append(byte)
        added = true
      }
      index += width
    }
    return added
  }
}
