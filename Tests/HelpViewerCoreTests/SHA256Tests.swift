import Foundation
import Testing

@testable import HelpViewerCore

@Suite struct SHA256Tests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
    ("The quick brown fox jumps over the lazy dog", "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"),
  ])
  func knownVectors(message: String, expected: String) {
    #expect(SHA256.hexDigest(of: Array(message.utf8)) == expected)
  }

  @Test func aMillionAs() {
    let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
    #expect(SHA256.hexDigest(of: bytes) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func piecesHashLikeTheWhole() {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    let whole = SHA256.digest(of: bytes)
    for split in [0, 1, 55, 56, 63, 64, 65, 127, 128, 999, 1000] {
      var hasher = SHA256()
      hasher.update(Array(bytes[..<split]))
      hasher.update(Array(bytes[split...]))
      #expect(hasher.finalize() == whole, "split at \(split)")
    }
    var bytewise = SHA256()
    for byte in bytes { bytewise.update([byte]) }
    #expect(bytewise.finalize() == whole)
  }

  @Test func paddingBoundaries() {
    // Lengths around the 55/56/64-byte padding edges, against the one-piece hash of a prefix.
    for count in 50...130 {
      let bytes = [UInt8](repeating: 0x61, count: count)
      #expect(SHA256.digest(of: bytes).count == 32)
      #expect(SHA256.digest(of: bytes) != SHA256.digest(of: bytes.dropLast()))
    }
    // 64 bytes of 'a' (a known vector: exactly one block of data, padding in a second block).
    #expect(
      SHA256.hexDigest(of: [UInt8](repeating: 0x61, count: 64))
        == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
  }

  @Test func hexIsLowercaseTwoDigitsPerByte() {
    #expect(SHA256.hex([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
  }
}
