/// What names a document in an address: everything before the `#fragment`, which only picks a
/// place inside the document.
///
/// ```swift
/// DocumentAddress.of("help:/app/intro#steps")  // "help:/app/intro"
/// DocumentAddress.same("a.html#x", "a.html")   // true
/// ```
public enum DocumentAddress {
  /// `address` without its fragment.
  public static func of(_ address: String) -> String {
    String(address.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
  }

  /// Whether two addresses name the same document (they may differ in the fragment only).
  public static func same(_ one: String, _ other: String?) -> Bool {
    guard let other else { return false }
    return of(one) == of(other)
  }
}
