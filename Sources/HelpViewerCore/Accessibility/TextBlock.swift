/// One piece of a page's text as the text view shows it, in the page's reading order: a
/// heading with its level, a paragraph, a list item, a link, or one of the page's own buttons.
///
/// ```swift
/// switch block.kind {
/// case .heading(let level): print(String(repeating: "#", count: level), block.text)
/// case .link(let address, _): print("[\(block.text)](\(address))")
/// default: print(block.text)
/// }
/// ```
public struct TextBlock: Sendable, Equatable {
  /// What the block is on the page.
  public enum Kind: Sendable, Equatable {
    /// A heading, level 1 (`<h1>`) to 6.
    case heading(level: Int)
    /// A paragraph, or text outside any other block.
    case paragraph
    /// An item of a list; `depth` 1 for a list not inside another.
    case listItem(depth: Int)
    /// A link to `address` (absolute, as the page resolves it); `target` finds the link in the
    /// page again (`PageOutline.activationScript`).
    case link(address: String, target: Int)
    /// One of the page's own buttons; `target` as for a link.
    case button(target: Int)
  }

  /// What the block is.
  public var kind: Kind
  /// Its words, white space collapsed.
  public var text: String
  /// The ids of the page's elements that start at this block (`#section` addresses).
  public var anchors: [String]
  /// For a link that is a list item of its own (`<li><a>…</a></li>`), the list's depth.
  public var listDepth: Int?

  public init(_ kind: Kind, _ text: String, anchors: [String] = [], listDepth: Int? = nil) {
    self.kind = kind
    self.text = text
    self.anchors = anchors
    self.listDepth = listDepth
  }

  /// Whether the block belongs in a list: a list item, or a link that is one.
  public var isInList: Bool {
    if case .listItem = kind { return true }
    return listDepth != nil
  }

  /// Whether a person can activate the block (a link or a button).
  public var isActivatable: Bool {
    switch kind {
    case .link, .button: return true
    default: return false
    }
  }

  /// The element the page found for a link or button, else `nil`.
  public var target: Int? {
    switch kind {
    case .link(_, let target), .button(let target): return target
    default: return nil
    }
  }
}
