/// SHA-256 (FIPS 180-4), in plain Swift: Foundation on Linux has no CryptoKit, and HelpViewer
/// takes no package dependencies.
///
/// Feed bytes in any number of pieces with `update`, then read `finalize()`; or hash at once.
///
/// ```swift
/// SHA256.hexDigest(of: Array("abc".utf8))
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// var hasher = SHA256()
/// hasher.update(Array("ab".utf8))
/// hasher.update(Array("c".utf8))
/// hasher.finalize()  // the same 32 bytes
/// ```
public struct SHA256: Sendable {
  private var state: [UInt32] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
  ]
  /// Bytes not yet hashed: always fewer than one 64-byte block.
  private var pending: [UInt8] = []
  /// How many bytes were fed in all.
  private var length: UInt64 = 0

  public init() { pending.reserveCapacity(64) }

  /// The digest of `bytes`: 32 bytes.
  public static func digest(of bytes: some Sequence<UInt8>) -> [UInt8] {
    var hasher = SHA256()
    hasher.update(Array(bytes))
    return hasher.finalize()
  }

  /// The digest of `bytes` as 64 lowercase hexadecimal digits.
  public static func hexDigest(of bytes: some Sequence<UInt8>) -> String {
    hex(digest(of: bytes))
  }

  /// `bytes` as lowercase hexadecimal digits, two per byte.
  public static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Hashes `bytes` after everything fed before.
  public mutating func update(_ bytes: [UInt8]) {
    length &+= UInt64(bytes.count)
    var start = 0
    if !pending.isEmpty {
      let take = min(64 - pending.count, bytes.count)
      pending.append(contentsOf: bytes[0..<take])
      start = take
      guard pending.count == 64 else { return }
      let block = pending
      block.withUnsafeBufferPointer { compress($0, at: 0) }
      pending.removeAll(keepingCapacity: true)
    }
    bytes.withUnsafeBufferPointer { buffer in
      while start + 64 <= buffer.count {
        compress(buffer, at: start)
        start += 64
      }
    }
    if start < bytes.count { pending.append(contentsOf: bytes[start...]) }
  }

  /// The digest of everything fed: 32 bytes. The hasher is spent afterwards (a copy is not).
  public mutating func finalize() -> [UInt8] {
    let bitLength = length &* 8
    var tail: [UInt8] = [0x80]
    let padding = (64 + 56 - (pending.count + 1) % 64) % 64
    tail.append(contentsOf: repeatElement(0, count: padding))
    for shift in stride(from: 56, through: 0, by: -8) {
      tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    let total = length
    update(tail)
    length = total
    var out: [UInt8] = []
    out.reserveCapacity(32)
    for word in state {
      for shift in stride(from: 24, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
    }
    return out
  }

  private mutating func compress(_ buffer: UnsafeBufferPointer<UInt8>, at offset: Int) {
    var w = [UInt32](repeating: 0, count: 64)
    for i in 0..<16 {
      let j = offset + i * 4
      w[i] =
        UInt32(buffer[j]) << 24 | UInt32(buffer[j + 1]) << 16 | UInt32(buffer[j + 2]) << 8 | UInt32(buffer[j + 3])
    }
    for i in 16..<64 {
      let s0 = rotate(w[i - 15], 7) ^ rotate(w[i - 15], 18) ^ (w[i - 15] >> 3)
      let s1 = rotate(w[i - 2], 17) ^ rotate(w[i - 2], 19) ^ (w[i - 2] >> 10)
      w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
    }
    var a = state[0]
    var b = state[1]
    var c = state[2]
    var d = state[3]
    var e = state[4]
    var f = state[5]
    var g = state[6]
    var h = state[7]
    for i in 0..<64 {
      let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
      let choice = (e & f) ^ (~e & g)
      let t1 = h &+ s1 &+ choice &+ Self.k[i] &+ w[i]
      let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
      let majority = (a & b) ^ (a & c) ^ (b & c)
      let t2 = s0 &+ majority
      h = g
      g = f
      f = e
      e = d &+ t1
      d = c
      c = b
      b = a
      a = t1 &+ t2
    }
    state[0] &+= a
    state[1] &+= b
    state[2] &+= c
    state[3] &+= d
    state[4] &+= e
    state[5] &+= f
    state[6] &+= g
    state[7] &+= h
  }

  @inline(__always)
  private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 { value >> count | value << (32 - count) }

  private static let k: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
  ]
}
