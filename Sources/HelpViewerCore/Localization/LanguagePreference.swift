/// Which catalogs to try, in order, from the environment, as gettext chooses them.
///
/// The locale is the first non-empty of `LC_ALL`, `LC_MESSAGES` and `LANG`. `LANGUAGE`, a
/// colon-separated list, comes first when set. Unlike glibc, `LANGUAGE` is honoured even when
/// the locale is "C" or "POSIX" (glibc ignores it then, so `LANGUAGE=de` alone would not
/// translate on a machine without a German locale). Each name is tried from most to least
/// specific: `de_DE.UTF-8@euro` gives `de_DE@euro`, `de_DE`, `de@euro`, `de`. A "C", "POSIX" or
/// English name ends the list: the msgids are English.
///
/// ```swift
/// LanguagePreference.candidates(environment: ["LANGUAGE": "de_AT:fr", "LANG": "C"])
/// // ["de_AT", "de", "fr"]
/// ```
public enum LanguagePreference {
  /// The catalog names to try for `environment`, best first; empty means English.
  public static func candidates(environment: [String: String]) -> [String] {
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    var names = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
    if let locale { names.append(locale) }
    return candidates(languages: names)
  }

  /// The catalog names to try for `languages` (locale names such as `de_DE.UTF-8`), best first.
  public static func candidates(languages: [String]) -> [String] {
    var result: [String] = []
    for name in languages where !name.isEmpty {
      guard let variants = self.variants(of: name) else { continue }  // Not a locale name.
      if variants.isEmpty { break }  // "C", "POSIX" or English: the msgids themselves.
      for variant in variants where !result.contains(variant) { result.append(variant) }
    }
    return result
  }

  /// `ll_CC.codeset@modifier` from most to least specific, without the codeset; empty for the
  /// C locale and English, `nil` for what is not a locale name.
  static func variants(of name: String) -> [String]? {
    var rest = Substring(name)
    var modifier: Substring?
    if let at = rest.firstIndex(of: "@") {
      modifier = rest[rest.index(after: at)...]
      rest = rest[..<at]
    }
    if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
    let parts = rest.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
    let isPlain = { (text: Substring) in !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
    guard let first = parts.first, isPlain(first), parts.dropFirst().allSatisfy(isPlain),
      modifier.map(isPlain) ?? true
    else { return nil }
    let language = first.lowercased()
    if ["c", "posix", "en"].contains(language) { return [] }
    let territory = parts.count > 1 ? "_" + parts[1] : nil
    var variants: [String] = []
    if let territory, let modifier { variants.append(language + territory + "@" + modifier) }
    if let territory { variants.append(language + territory) }
    if let modifier { variants.append(language + "@" + modifier) }
    variants.append(language)
    return variants
  }
}
