import Testing

@testable import HelpViewerCore

/// The `.po` reader: the gettext syntax `msgfmt` accepts, and what it leaves out.
@Suite struct POParserTests {
  @Test func readsEntriesContinuedLinesAndEscapes() throws {
    let catalog = try POParser.parse(
      """
      # A translator comment
      msgid ""
      msgstr ""
      "Language: de\\n"
      "Content-Type: text/plain; charset=UTF-8\\n"

      #: Sources/A.swift:1
      msgid "Back"
      msgstr "Zurück"

      msgid ""
      "Two "
      "lines"
      msgstr ""
      "Zwei "
      "Zeilen"

      msgid "Tab\\there, \\"quoted\\", back\\\\slash\\nnew line"
      msgstr "Tab\\thier, \\"zitiert\\", Rück\\\\strich\\nneue Zeile"
      msgid "No blank line before me"
      msgstr "Keine Leerzeile vor mir"
      """)
    #expect(catalog.translation(of: "Back") == "Zurück")
    #expect(catalog.translation(of: "Two lines") == "Zwei Zeilen")
    #expect(
      catalog.translation(of: "Tab\there, \"quoted\", back\\slash\nnew line")
        == "Tab\thier, \"zitiert\", Rück\\strich\nneue Zeile")
    #expect(catalog.translation(of: "No blank line before me") == "Keine Leerzeile vor mir")
    #expect(catalog.translation(of: "Forward") == nil)
    #expect(catalog.entries.count == 4, "the header is no message")
  }

  @Test func leavesOutFuzzyUntranslatedAndObsoleteEntries() throws {
    let catalog = try POParser.parse(
      """
      #, fuzzy
      msgid "Reload"
      msgstr "Neu laden"

      #, c-format, fuzzy
      msgid "%d pages"
      msgstr "%d Seiten"

      msgid "Stop"
      msgstr ""

      #~ msgid "Old"
      #~ msgstr "Alt"

      #, objc-format
      msgid "Kept %@"
      msgstr "Behalten %@"
      """)
    #expect(catalog.translation(of: "Reload") == nil)
    #expect(catalog.translation(of: "%d pages") == nil)
    #expect(catalog.translation(of: "Stop") == nil)
    #expect(catalog.translation(of: "Old") == nil)
    #expect(catalog.translation(of: "Kept %@") == "Behalten %@", "only the fuzzy entry's own flag counts")
  }

  @Test func keysByContext() throws {
    let catalog = try POParser.parse(
      """
      msgctxt "verb"
      msgid "Open"
      msgstr "Öffnen"

      msgctxt "adjective"
      msgid "Open"
      msgstr "Offen"

      msgid "Open"
      msgstr "Auf"
      """)
    #expect(catalog.translation(of: "Open", context: "verb") == "Öffnen")
    #expect(catalog.translation(of: "Open", context: "adjective") == "Offen")
    #expect(catalog.translation(of: "Open") == "Auf")
  }

  @Test func choosesPluralFormsByTheHeaderRule() throws {
    let catalog = try POParser.parse(
      """
      msgid ""
      msgstr ""
      "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

      msgid "%d page"
      msgid_plural "%d pages"
      msgstr[0] "%d strona"
      msgstr[1] "%d strony"
      msgstr[2] "%d stron"
      """)
    #expect(catalog.pluralCount == 3)
    let forms = [1, 2, 4, 5, 12, 22, 25, 0].map { catalog.translation(of: "%d page", plural: "%d pages", count: $0) }
    #expect(
      forms == ["%d strona", "%d strony", "%d strony", "%d stron", "%d stron", "%d strony", "%d stron", "%d stron"])
  }

  @Test func withoutAPluralRuleUsesEnglishs() throws {
    let catalog = try POParser.parse("msgid \"%d page\"\nmsgid_plural \"%d pages\"\nmsgstr[0] \"a\"\nmsgstr[1] \"b\"\n")
    #expect(catalog.translation(of: "%d page", plural: "%d pages", count: 1) == "a")
    #expect(catalog.translation(of: "%d page", plural: "%d pages", count: 7) == "b")
  }

  @Test func acceptsWindowsLineEnds() throws {
    let catalog = try POParser.parse(
      "msgid \"Back\"\r\nmsgstr \"Zurück\"\r\n\r\nmsgid \"Stop\"\r\nmsgstr \"Anhalten\"\r\n")
    #expect(catalog.translation(of: "Back") == "Zurück")
    #expect(catalog.translation(of: "Stop") == "Anhalten")
  }

  @Test(arguments: [
    ("msgid \"a\"\nmsgstr \"b", 2),  // unterminated string
    ("msgid \"a\"\nmsgstr b\n", 2),  // not a string
    ("msgid \"a\"\nmsgfoo \"b\"\n", 2),  // unknown keyword
    ("\"stray\"\n", 1),  // a string outside an entry
    ("msgstr \"b\"\n", 1),  // msgstr before msgid
    ("msgid \"a\\q\"\nmsgstr \"b\"\n", 1),  // unknown escape
    ("msgid \"a \"b\" c\"\nmsgstr \"\"\n", 1),  // unescaped quote
    ("msgid \"\"\nmsgstr \"Plural-Forms: nplurals=2; plural=n !! 1;\\n\"\n", 3),  // bad plural rule
  ])
  func reportsTheLineOfBadSyntax(text: String, line: Int) {
    #expect(throws: POParser.SyntaxError.self) { try POParser.parse(text) }
    do {
      _ = try POParser.parse(text)
    } catch let error as POParser.SyntaxError {
      #expect(error.line == line, "\(error)")
    } catch {
      Issue.record("unexpected \(error)")
    }
  }
}
