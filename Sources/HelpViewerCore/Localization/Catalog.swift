/// The translations of one language: msgid (with its optional msgctxt) to msgstr, and the
/// language's plural rule. Made from a gettext `.po` file by `POParser`.
///
/// ```swift
/// let catalog = try POParser.parse(poText)
/// catalog.translation(of: "Back")  // "Zurück"
/// catalog.translation(of: "%d match", plural: "%d matches", count: 2)  // "%d Treffer"
/// ```
public struct Catalog: Sendable, Equatable {
  /// One translated message: its singular and plural msgids, and its msgstr forms.
  public struct Entry: Sendable, Equatable {
    public var context: String?
    public var msgid: String
    public var msgidPlural: String?
    public var msgstr: [String]
    public var isFuzzy: Bool
  }

  /// The entries that are used: translated and not fuzzy, by `key(context:msgid:)`.
  public private(set) var entries: [String: Entry] = [:]
  /// The header's `Plural-Forms` rule; without one, English's `n != 1`.
  public private(set) var plural: PluralFormula?
  /// The header's `nplurals` (2 when not given).
  public private(set) var pluralCount = 2

  /// An empty catalog (every lookup answers `nil`).
  public init() {}

  /// Adds `entry` unless it is fuzzy or untranslated; the entry with an empty msgid is the header.
  mutating func add(_ entry: Entry) throws {
    if entry.msgid.isEmpty, entry.context == nil {
      try readHeader(entry.msgstr.first ?? "")
      return
    }
    guard !entry.isFuzzy, !entry.msgstr.isEmpty, entry.msgstr.allSatisfy({ !$0.isEmpty }) else { return }
    entries[Self.key(context: entry.context, msgid: entry.msgid)] = entry
  }

  /// How gettext keys a message: the context, U+0004, the msgid.
  static func key(context: String?, msgid: String) -> String {
    context.map { "\($0)\u{4}\(msgid)" } ?? msgid
  }

  /// The translation of `msgid`, or `nil` when the catalog has none.
  public func translation(of msgid: String, context: String? = nil) -> String? {
    entries[Self.key(context: context, msgid: msgid)]?.msgstr.first
  }

  /// The translation of a message with plural forms for `count`, or `nil` when the catalog has
  /// none.
  public func translation(of singular: String, plural _: String, count: Int, context: String? = nil) -> String? {
    guard let forms = entries[Self.key(context: context, msgid: singular)]?.msgstr else { return nil }
    let index = plural?.index(for: count) ?? (count == 1 ? 0 : 1)
    return forms.indices.contains(index) ? forms[index] : forms.first
  }

  private mutating func readHeader(_ header: String) throws {
    for line in header.split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingSpaces.lowercased() == "plural-forms" else { continue }
      for field in parts[1].split(separator: ";") {
        let pair = field.split(separator: "=", maxSplits: 1)
        guard pair.count == 2 else { continue }
        switch pair[0].trimmingSpaces {
        case "nplurals": pluralCount = Int(pair[1].trimmingSpaces) ?? 2
        case "plural": plural = try PluralFormula(String(pair[1]))
        default: break
        }
      }
    }
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
