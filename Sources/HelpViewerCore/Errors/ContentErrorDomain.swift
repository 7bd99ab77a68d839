/// How an error about the app's own content crosses WebKit: the bundled scheme fails a request
/// with a GError of this domain, whose code is the `LoadError.Kind`, and `ErrorClassifier`
/// turns it back into that kind. Before, every such failure was a GIO "not found" and reached
/// the person as an HTTP 404 of a server named like the book (`book-1`), with Retry (issue 30).
///
/// ```swift
/// let code = ContentErrorDomain.code(for: .invalidPage)      // 2
/// ContentErrorDomain.kind(forCode: code)                     // .invalidPage
/// ```
public enum ContentErrorDomain {
  /// The GError domain's name (`g_quark_from_static_string`).
  public static let name = "help-viewer-content-error-quark"

  /// The kinds that travel, in code order (code 1 is the first).
  static let kinds: [LoadError.Kind] = [
    .pageNotFound, .invalidPage, .pageTooLarge, .pageTooSlow, .blockedByPolicy, .cannotShowContent,
    .helpFormatUnsupported, .helpRendererMissing, .resourcesNotFound,
  ]

  /// The code for `kind`: a kind that does not travel as such is `.cannotShowContent`'s.
  public static func code(for kind: LoadError.Kind) -> Int {
    (kinds.firstIndex(of: kind) ?? kinds.firstIndex(of: .cannotShowContent) ?? 0) + 1
  }

  /// The kind for `code`; `.other` for a code not known.
  public static func kind(forCode code: Int) -> LoadError.Kind {
    kinds.indices.contains(code - 1) ? kinds[code - 1] : .other
  }
}

/// Addresses of the app's own content: the bundled scheme and `file:`. Errors about them never
/// name a server or an HTTP status.
///
/// ```swift
/// LocalContent.isLocal("help-viewer://book-1/index.html")  // true
/// ```
public enum LocalContent {
  /// Whether `address` is the app's own content.
  public static func isLocal(_ address: String?) -> Bool {
    guard let scheme = address.flatMap(URLInput.scheme(of:)) else { return false }
    return scheme == BundledAddress.scheme || scheme == "file" || scheme == "help"
  }
}
