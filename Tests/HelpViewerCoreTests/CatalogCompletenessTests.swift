import Foundation
import Testing

@testable import HelpViewerCore

/// Keeps the catalogs complete and safe: every `localized("…")` in `Sources/` has a German
/// translation, each translation keeps its format placeholders, and `msgfmt --check` accepts it.
@Suite struct CatalogCompletenessTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let poDirectory = root.appendingPathComponent("Sources/HelpViewerCore/Localization/po")

  @Test func everyLocalizedStringHasAGermanTranslation() throws {
    let calls = try SourceScan.localizedCalls(in: Self.root.appendingPathComponent("Sources"))
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

  @Test func translationsKeepTheirPlaceholders() throws {
    for file in try FileManager.default.contentsOfDirectory(atPath: Self.poDirectory.path) where file.hasSuffix(".po") {
      let text = try String(contentsOf: Self.poDirectory.appendingPathComponent(file), encoding: .utf8)
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
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.poDirectory.path).filter {
      $0.hasSuffix(".po")
    }
    #expect(files.contains("de.po"))
    for file in files {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: msgfmt)
      process.arguments = ["--check", "--output-file=/dev/null", Self.poDirectory.appendingPathComponent(file).path]
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "msgfmt --check \(file)")
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
