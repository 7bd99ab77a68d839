import Foundation
import Testing

@testable import HelpViewerCore

/// Keeps both catalogs complete and safe. The library's: every `localized("…")` in the
/// library's sources has a German translation and the catalog holds nothing else (none of the
/// demo's strings). The demo's (`Resources/Notebook/po`): the same for every
/// `notebookLocalized("…")` in the demo. Each translation keeps its format placeholders, and
/// `msgfmt --check` accepts every catalog.
@Suite struct CatalogCompletenessTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let poDirectory = root.appendingPathComponent("Sources/HelpViewerCore/Localization/po")
  static let demoPoDirectory = root.appendingPathComponent("Resources/Notebook/po")
  /// The demo's sources, whose strings are in the demo's catalog.
  static let demoSources = [
    root.appendingPathComponent("Sources/HelpViewerDemo"), root.appendingPathComponent("Resources/Notebook"),
  ]
  /// The folders below `Sources/` that are no part of the library.
  static let notLibrary: Set<String> = ["HelpViewerDemo"]

  static func libraryCalls() throws -> (messages: [SourceScan.Message], problems: [String]) {
    try SourceScan.localizedCalls(in: [root.appendingPathComponent("Sources")], excluding: notLibrary)
  }

  @Test func everyLocalizedStringHasAGermanTranslation() throws {
    let calls = try Self.libraryCalls()
    #expect(
      calls.problems.isEmpty, "localized(…) needs a constant string literal:\n\(calls.problems.joined(separator: "\n"))"
    )
    let msgids = Set(calls.messages.map(\.msgid))
    #expect(msgids.isSuperset(of: ["Back", "Technical Details", "Server Not Found", "_Retry"]), "the scan finds them")
    let source = try POParser.parse(
      String(contentsOf: Self.poDirectory.appendingPathComponent("de.po"), encoding: .utf8))
    let bundled = try #require(Localization.catalog(for: "de"), "the German catalog is in the resource bundle")
    for message in calls.messages {
      #expect(
        source.translation(of: message.msgid, context: message.context) != nil,
        "de.po has no translation of “\(message.msgid)” (\(message.location)): run scripts/update-translations.sh and translate it"
      )
      #expect(
        bundled.translation(of: message.msgid, context: message.context) != nil, "bundled de.po: “\(message.msgid)”")
    }
  }

  @Test func theLibrarysCatalogHoldsOnlyTheLibrarysStrings() throws {
    let used = Set(try Self.libraryCalls().messages.map { Catalog.key(context: $0.context, msgid: $0.msgid) })
    let catalog = try POParser.parse(
      String(contentsOf: Self.poDirectory.appendingPathComponent("de.po"), encoding: .utf8))
    let unused = Set(catalog.entries.keys).subtracting(used)
    #expect(unused.isEmpty, "de.po translates strings the library does not use: \(unused.sorted())")
    #expect(catalog.translation(of: "Notebook") == nil, "the demo's strings are the demo's")
    let template = try String(contentsOf: Self.poDirectory.appendingPathComponent("helpviewer.pot"), encoding: .utf8)
    #expect(!template.contains("HelpViewerDemo/"), "helpviewer.pot holds no string of the demo")
  }

  @Test func everyDemoStringHasAGermanTranslationInTheDemosCatalog() throws {
    let calls = try SourceScan.localizedCalls(in: Self.demoSources, function: "notebookLocalized")
    #expect(calls.problems.isEmpty, "\(calls.problems.joined(separator: "\n"))")
    let msgids = Set(calls.messages.map(\.msgid))
    #expect(msgids.isSuperset(of: ["Notebook", "_Help", "Web Page"]), "the scan finds them")
    let catalog = try POParser.parse(
      String(contentsOf: Self.demoPoDirectory.appendingPathComponent("de.po"), encoding: .utf8))
    for message in calls.messages {
      #expect(
        catalog.translation(of: message.msgid, context: message.context) != nil,
        "Resources/Notebook/po/de.po has no translation of “\(message.msgid)” (\(message.location)): run scripts/update-translations.sh and translate it"
      )
    }
    let unused = Set(catalog.entries.keys).subtracting(msgids)
    #expect(unused.isEmpty, "the demo's de.po translates strings the demo does not use: \(unused.sorted())")
    // The demo's strings go through its own catalog, never the library's.
    let library = try SourceScan.localizedCalls(in: Self.demoSources)
    #expect(library.messages.isEmpty, "localized(…) in the demo: \(library.messages.map(\.location))")
  }

  @Test func translationsKeepTheirPlaceholders() throws {
    for directory in [Self.poDirectory, Self.demoPoDirectory] {
      try expectPlaceholdersKept(in: directory)
    }
  }

  private func expectPlaceholdersKept(in directory: URL) throws {
    for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasSuffix(".po") {
      let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
      for entry in try POParser.parse(text).entries.values {
        for (index, msgstr) in entry.msgstr.enumerated() {
          let msgid = index == 0 ? entry.msgid : (entry.msgidPlural ?? entry.msgid)
          #expect(
            FormatSpecifiers.of(msgstr) == FormatSpecifiers.of(msgid),
            "\(file): “\(msgstr)” must have the placeholders of “\(msgid)”")
        }
      }
    }
  }

  @Test func placeholderComparisonSeesReorderingAndMistakes() {
    #expect(FormatSpecifiers.of("%@ of %d") == FormatSpecifiers.of("%2$d von %1$@"))
    #expect(FormatSpecifiers.of("%@ of %d") != FormatSpecifiers.of("%d von %@"))
    #expect(FormatSpecifiers.of("100%% %@") == FormatSpecifiers.of("%@ 100 %%"))
    #expect(FormatSpecifiers.of("%@") != FormatSpecifiers.of("no placeholder"))
  }

  @Test func msgfmtAcceptsTheCatalogs() throws {
    let msgfmt = try #require(
      ["/usr/bin/msgfmt", "/usr/local/bin/msgfmt"].first(where: FileManager.default.isExecutableFile(atPath:)),
      "gettext's msgfmt is needed (apt-get install gettext)")
    for directory in [Self.poDirectory, Self.demoPoDirectory] {
      let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".po") }
      #expect(files.contains("de.po"))
      for file in files {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: msgfmt)
        process.arguments = ["--check", "--output-file=/dev/null", directory.appendingPathComponent(file).path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "msgfmt --check \(directory.lastPathComponent)/\(file)")
      }
    }
  }
}

/// The format placeholders of a string as `String(format:)` reads them, numbered by argument.
enum FormatSpecifiers {
  static func of(_ text: String) -> [String] {
    var result: [String] = []
    var next = 1
    var scalars = Array(text.unicodeScalars)[...]
    while let percent = scalars.firstIndex(of: "%") {
      scalars = scalars[(percent + 1)...]
      if scalars.first == "%" {
        scalars = scalars.dropFirst()
        continue
      }
      let spec = scalars.prefix { !"@dDiuUxXoOfeEgGcCsSpaAF".unicodeScalars.contains($0) }
      scalars = scalars.dropFirst(spec.count)
      guard let conversion = scalars.first else { break }
      scalars = scalars.dropFirst()
      var flags = String(String.UnicodeScalarView(spec))
      var position = next
      if let dollar = flags.firstIndex(of: "$"), let number = Int(flags[..<dollar]) {
        position = number
        flags = String(flags[flags.index(after: dollar)...])
      } else {
        next += 1
      }
      result.append("\(position):\(flags)\(conversion)")
    }
    return result.sorted()
  }
}
