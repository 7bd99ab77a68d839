/// Checks the host and port of a web address the way the WHATWG URL standard (and so WebKit)
/// parses them, so an address WebKit would reject is refused up front with the true reason
/// instead of WebKit's "cannot show this URI".
///
/// A host whose last label is a number is an IPv4 address and must be a valid one
/// (`256.256.256.256` is not; `127.1` and `0x7f.0.0.1` are); a port is 0…65535.
///
/// ```swift
/// HostSyntax.problem(host: "256.256.256.256", port: nil)  // "“256.256.256.256” is not a valid IP address."
/// HostSyntax.problem(host: "example.com", port: 99999)     // "Port 99999 is out of range (0–65535)."
/// HostSyntax.problem(host: "example.com", port: 8080)      // nil
/// ```
public enum HostSyntax {
  /// Characters no host may hold (the standard's forbidden host code points, less those a URL
  /// parser would have taken as a delimiter already).
  static let forbidden: Set<Character> = [" ", "#", "%", "/", ":", "<", ">", "?", "@", "[", "\\", "]", "^", "|"]

  /// Why `host` and `port` cannot be loaded, in technical words for `LoadError.details`; `nil`
  /// when they can.
  public static func problem(host: String, port: Int?) -> String? {
    if let port, !(0...65535).contains(port) {
      return "Port \(port) is out of range (0–65535)."
    }
    if host.hasPrefix("[") { return nil }  // IPv6: URLComponents has checked the brackets.
    if host.contains(where: { forbidden.contains($0) || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7f } == true }) {
      return "The host “\(host)” contains characters a host name cannot have."
    }
    if endsInNumber(host), ipv4(host) == nil {
      return "“\(host)” is not a valid IP address."
    }
    return nil
  }

  /// The address `host` stands for when it is an IPv4 address in any of the standard's forms
  /// (`127.0.0.1`, `127.1`, `0x7f000001`), else `nil`.
  public static func ipv4(_ host: String) -> UInt32? {
    var parts = host.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    if parts.last == "", parts.count > 1 { parts.removeLast() }
    guard (1...4).contains(parts.count) else { return nil }
    var numbers: [UInt64] = []
    for part in parts {
      guard let number = number(part) else { return nil }
      numbers.append(number)
    }
    guard numbers.dropLast().allSatisfy({ $0 <= 255 }), let last = numbers.last else { return nil }
    guard last < UInt64(1) << (8 * (5 - numbers.count)) else { return nil }
    var address = last
    for (index, number) in numbers.dropLast().enumerated() { address += number << (8 * (3 - index)) }
    return UInt32(exactly: address)
  }

  /// Whether the last label of `host` is a number, which makes the host an IPv4 address.
  static func endsInNumber(_ host: String) -> Bool {
    var parts = host.split(separator: ".", omittingEmptySubsequences: false)
    if parts.last == "", parts.count > 1 { parts.removeLast() }
    guard let last = parts.last, !last.isEmpty else { return false }
    if last.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
    return number(String(last)) != nil
  }

  /// A label as the standard reads an IPv4 number: decimal, `0x` hexadecimal or `0` octal.
  private static func number(_ text: String) -> UInt64? {
    var digits = Substring(text)
    var radix = 10
    if digits.lowercased().hasPrefix("0x") {
      digits = digits.dropFirst(2)
      radix = 16
      if digits.isEmpty { return 0 }
    } else if digits.count > 1, digits.hasPrefix("0") {
      digits = digits.dropFirst()
      radix = 8
    }
    guard !digits.isEmpty, digits.count <= 20 else { return nil }
    return UInt64(digits, radix: radix)
  }
}
