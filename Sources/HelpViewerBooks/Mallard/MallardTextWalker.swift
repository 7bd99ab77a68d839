import HelpViewerCXML2

/// Walks a parsed Mallard page once, in document order and without recursion, and gathers its
/// searchable text as the rendered page would show it:
/// - the title: the page's own `<title>`;
/// - a level-1 section headed by the title: the page's `<info><desc>`, then its body up to the
///   first `<section>`;
/// - each `<section>`: its `<title>` as heading, its `id` as id, level 2 (3 nested, …, at most 6).
///
/// Block elements (`p`, `item`, `steps`, `td`, a `code` or `screen` block, `note`, …) are kept
/// apart by a line break, inline ones (`link`, `gui`, `key`, `cmd`, a `code` in a paragraph, …)
/// joined. Left out: `<info>` (but the page's desc), `comment`, `media`, `links` (generated lists
/// of links), and elements of other namespaces (ITS rules, failed XIncludes, …) but Mallard
/// Conditionals', whose contents are walked (of an `if:choose`, only the branch
/// `MallardConditions` picks).
///
/// ```swift
/// var walker = MallardTextWalker()
/// walker.walk(pageElement)
/// let text = walker.result()
/// ```
struct MallardTextWalker {
  /// Inline Mallard elements: joined with the text around them.
  static let inlineElements: Set<String> = [
    "app", "cmd", "em", "file", "gui", "guiseq", "hi", "input", "key", "keyseq", "link", "output", "span", "sys",
    "var",
  ]
  /// Elements whose text is inline: a `code` inside them is inline too.
  static let inlineContainers: Set<String> = ["p", "title", "subtitle", "desc", "cite"]
  /// Mallard elements left out with their contents.
  static let skippedElements: Set<String> = ["info", "comment", "media", "links"]

  /// The text of an empty `<link xref="…">`: the title of what it links to.
  private let linkText: (String) -> String?
  private var title = ""
  private var sections = SectionCollector()
  private var summary = ""

  /// `linkText` gives the text of an empty `<link xref="…">` from its `xref`.
  init(linkText: @escaping (String) -> String? = { _ in nil }) {
    self.linkText = linkText
  }

  /// Walks `page`, the page's root element (a Mallard `page`).
  mutating func walk(_ page: xmlNodePtr) {
    title = MallardPageText.child(of: page, "title").map { Self.text(of: $0) } ?? ""
    sections.start(heading: title, level: 1, id: nil)
    if let info = MallardPageText.child(of: page, "info") {
      for name in ["desc", "keywords"] {
        guard let element = MallardPageText.child(of: info, name) else { continue }
        let text = Self.text(of: element)
        summary += summary.isEmpty ? text : " " + text
        sections.body.append(text)
        sections.body.separateBlock()
      }
    }
    var node: xmlNodePtr? = page.pointee.children
    while let current = node {
      var descend = false
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        switch Self.kind(of: current) {
        case .skipped: break
        case .section:
          startSection(current)
          descend = true
        case .heading: break  // The page's or section's title: its heading.
        case .inline, .transparent:
          if let joiner = Self.joiner(before: current) { sections.body.append(joiner) }
          if current.pointee.children == nil, MallardPageText.isMallard(current, "link"),
            let xref = PageTextExtractor.attribute(current, "xref"), let text = linkText(xref)
          {
            sections.body.append(text)
          }
          descend = true
        case .block:
          sections.body.separateBlock()
          descend = true
        }
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        sections.body.append(cString: current.pointee.content)
      default: break
      }
      node = PageTextExtractor.next(after: current, descend: descend, root: page) { element in
        if Self.kind(of: element) == .block { sections.body.separateBlock() }
      }
    }
    sections.finish()
  }

  func result() -> PageText {
    PageText(title: title, sections: sections.sections, summary: summary)
  }

  enum Kind {
    /// Left out with what it holds.
    case skipped
    /// A `section`: a section of the text.
    case section
    /// The `title` of a page or section: taken as a heading, not as body text.
    case heading
    /// Joined with the text around it.
    case inline
    /// Walked into, joined with the text around it (Mallard Conditionals).
    case transparent
    /// A block: kept apart by a line break.
    case block
  }

  /// What the element `node` is to the text.
  static func kind(of node: xmlNodePtr) -> Kind {
    let namespace = MallardPageText.namespace(of: node)
    if namespace == MallardPageText.conditionalNamespace {
      guard let parent = node.pointee.parent, MallardConditions.isChoose(parent) else { return .transparent }
      return MallardConditions.branch(of: parent) == node ? .transparent : .skipped
    }
    guard namespace == MallardPageText.namespace else { return .skipped }
    let name = PageTextExtractor.name(node)
    if skippedElements.contains(name) { return .skipped }
    if inlineElements.contains(name) { return .inline }
    switch name {
    case "section": return .section
    case "title":
      guard let parent = node.pointee.parent else { return .block }
      return MallardPageText.isMallard(parent, "page") || MallardPageText.isMallard(parent, "section")
        ? .heading : .block
    case "code":
      return isInInlineContext(node) ? .inline : .block
    default: return .block
    }
  }

  /// Whether the element `node` stands in running text: its nearest Mallard ancestor (past
  /// Conditionals) is an inline element or holds inline text (`p`, `title`, …).
  private static func isInInlineContext(_ node: xmlNodePtr) -> Bool {
    var parent = node.pointee.parent
    while let current = parent, current.pointee.type == XML_ELEMENT_NODE {
      if MallardPageText.namespace(of: current) == MallardPageText.namespace {
        let name = PageTextExtractor.name(current)
        return inlineElements.contains(name) || inlineContainers.contains(name)
      }
      parent = current.pointee.parent
    }
    return false
  }

  /// What goes between the element `node` and the one before it in a `keyseq` (`+`, as in
  /// “Ctrl+P”) or a `guiseq` (` ▸ `), as yelp-xsl shows them; `nil` elsewhere.
  static func joiner(before node: xmlNodePtr) -> String? {
    guard let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return nil }
    var previous = node.pointee.prev
    while let current = previous, current.pointee.type != XML_ELEMENT_NODE { previous = current.pointee.prev }
    guard previous != nil else { return nil }
    if MallardPageText.isMallard(parent, "keyseq") { return "+" }
    if MallardPageText.isMallard(parent, "guiseq") { return " ▸ " }
    return nil
  }

  /// The text of `root` (a title or desc), whitespace collapsed, left-out elements left out.
  static func text(of root: xmlNodePtr) -> String {
    var buffer = TextBuffer()
    var node: xmlNodePtr? = root.pointee.children
    while let current = node {
      var descend = false
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        let kind = kind(of: current)
        if kind == .skipped { break }
        if kind != .inline && kind != .transparent { buffer.separate() }
        if let joiner = joiner(before: current) { buffer.append(joiner) }
        descend = true
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        buffer.append(cString: current.pointee.content)
      default: break
      }
      node = PageTextExtractor.next(after: current, descend: descend, root: root)
    }
    return buffer.text
  }

  /// Ends the section before and starts the one of the Mallard `section` element `node`.
  private mutating func startSection(_ node: xmlNodePtr) {
    var depth = 1
    var parent = node.pointee.parent
    while let current = parent, current.pointee.type == XML_ELEMENT_NODE {
      if MallardPageText.isMallard(current, "section") { depth += 1 }
      parent = current.pointee.parent
    }
    sections.start(
      heading: MallardPageText.child(of: node, "title").map { Self.text(of: $0) } ?? "", level: min(6, depth + 1),
      id: PageTextExtractor.attribute(node, "id").flatMap { $0.isEmpty ? nil : $0 })
  }
}
