import HelpViewerCGtk

/// Checksums with GLib's `GChecksum`: the SHA-256 a terms receipt records.
///
/// ```swift
/// Checksum.sha256(Array("abc".utf8))
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
public enum Checksum {
  /// The SHA-256 of `bytes` as 64 lowercase hexadecimal digits (`g_checksum_get_string`).
  public static func sha256(_ bytes: [UInt8]) -> String {
    guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return "" }
    defer { g_checksum_free(checksum) }
    bytes.withUnsafeBufferPointer { buffer in
      // GLib takes a signed length: feed very large inputs in pieces.
      var offset = 0
      while offset < buffer.count {
        let count = min(buffer.count - offset, Int(Int32.max))
        g_checksum_update(checksum, buffer.baseAddress.map { $0 + offset }, gssize(count))
        offset += count
      }
    }
    guard let digest = g_checksum_get_string(checksum) else { return "" }
    return String(cString: digest)
  }
}
