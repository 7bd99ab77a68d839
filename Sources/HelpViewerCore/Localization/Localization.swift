import Foundation

/// The catalogs behind `localized(_:)`: which languages to use, and the gettext `.po` files
/// that translate into them, each read once.
///
/// The languages come from the environment (`LANGUAGE`, then `LC_ALL`, `LC_MESSAGES`, `LANG`;
/// see `LanguagePreference`), read at the first lookup. An app or a test can choose instead:
///
/// ```swift
/// Localization.setLanguages(["de"])   // the whole process, from now on
/// Localization.setLanguages(nil)      // back to the environment
/// Localization.withLanguages(["de"]) { localized("Back") }  // "Zurück", this task only
/// ```
public enum Localization {
  private struct State {
    var chosen: [String]?
    var fromEnvironment: [String]?
    var catalogs: [String: Catalog?] = [:]
    var directory: URL?
  }

  private static let state = Locked(State())

  @TaskLocal private static var taskLanguages: [String]?

  /// Uses `languages` (locale names such as `de` or `de_DE.UTF-8`, best first; empty means
  /// English) for every lookup from now on; `nil` goes back to the environment's.
  public static func setLanguages(_ languages: [String]?) {
    state.withLock { $0.chosen = languages.map(LanguagePreference.candidates(languages:)) }
  }

  /// Runs `body` with `languages` for the lookups of the current task (and its child tasks)
  /// only; other tasks and threads keep theirs. Meant for tests that run in parallel.
  public static func withLanguages<Result>(_ languages: [String], _ body: () throws -> Result) rethrows -> Result {
    try $taskLanguages.withValue(LanguagePreference.candidates(languages: languages), operation: body)
  }

  /// The catalog names lookups try now, best first (empty: English).
  public static var languages: [String] {
    if let languages = taskLanguages { return languages }
    return state.withLock { state in
      if let chosen = state.chosen { return chosen }
      if let known = state.fromEnvironment { return known }
      let found = LanguagePreference.candidates(environment: ProcessInfo.processInfo.environment)
      state.fromEnvironment = found
      return found
    }
  }

  /// The folder holding the `.po` files: by default `po/` in HelpViewerCore's resource bundle,
  /// found as `ResourceLocator` finds resources (the folder the app set, next to the
  /// executable, the build folder, `share/APP/`, the XDG data directories). An app that keeps
  /// them elsewhere sets it before the first lookup; `nil` means no catalogs (English).
  public static var catalogDirectory: URL? {
    get { state.withLock { $0.directory ?? defaultDirectory } }
    set {
      state.withLock {
        $0.directory = newValue
        $0.catalogs = [:]
      }
    }
  }

  /// The name of HelpViewerCore's resource bundle, as SwiftPM names it.
  static let bundleName = "HelpViewer_HelpViewerCore.resources"

  /// `po/` in HelpViewerCore's resource bundle, wherever `ResourceLocator` finds it. Not
  /// `Bundle.module`: its accessor traps when the bundle is missing, and a missing catalog must
  /// only mean English.
  private static var defaultDirectory: URL? {
    (try? ResourceLocator(bundleName, entry: "po").locate())?.appendingPathComponent("po")
  }

  /// The catalog for `language` (e.g. `de`), read once; `nil` when there is none or it cannot
  /// be read.
  public static func catalog(for language: String) -> Catalog? {
    state.withLock { state in
      if let known = state.catalogs[language] { return known }
      let url = (state.directory ?? defaultDirectory)?.appendingPathComponent(language + ".po")
      let catalog = url.flatMap { try? String(contentsOf: $0, encoding: .utf8) }.flatMap { try? POParser.parse($0) }
      state.catalogs[language] = .some(catalog)
      return catalog
    }
  }

  /// The languages with a catalog in `catalogDirectory`, sorted.
  public static var availableLanguages: [String] {
    guard let directory = catalogDirectory,
      let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
    else { return [] }
    return files.filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.sorted()
  }

  static func translate(_ msgid: String, context: String? = nil) -> String {
    for language in languages {
      if let text = catalog(for: language)?.translation(of: msgid, context: context) { return text }
    }
    return msgid
  }

  static func translate(_ singular: String, _ plural: String, count: Int, context: String? = nil) -> String {
    for language in languages {
      if let text = catalog(for: language)?.translation(of: singular, plural: plural, count: count, context: context) {
        return text
      }
    }
    return count == 1 ? singular : plural
  }
}
