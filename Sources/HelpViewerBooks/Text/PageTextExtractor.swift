import HelpViewerCXML2

/// Turns HTML into `PageText` with libxml2's HTML parser, which reads broken pages as browsers
/// do (`HTML_PARSE_RECOVER`), prints nothing and fetches nothing (`NOERROR`, `NOWARNING`,
/// `NONET`). Nothing of the page runs.
///
/// Left out, with their contents:
/// - `script`, `style`, `noscript`, `template`, and what shows no text (`svg`, `iframe`,
///   `object`, `embed`, `canvas`) or is a control (`button`, `select`, `textarea`);
/// - navigation chrome: `nav`; `header` and `footer` outside `article`, `aside`, `main`,
///   `nav` and `section` (ARIA's banner and contentinfo); elements with `role` `navigation`,
///   `banner`, `contentinfo` or `search`; hidden elements (`hidden`, `aria-hidden="true"`);
///   and elements with a class that documentation generators use for chrome: `toc` (Node.js,
///   many static sites), `sphinxsidebar` and `headerlink` (Sphinx), `sidebar`, `navbar`,
///   `breadcrumb(s)`, `skip-link` (Bootstrap and most site themes), `trails` (yelp-build's
///   breadcrumbs);
/// - in headings, permalink anchors (`<a href="#…">#</a>`, `¶`, `§`).
///
/// ```swift
/// let text = PageTextExtractor.extract(Array(html.utf8))
/// ```
enum PageTextExtractor {
  /// libxml2 is set up once, before the first parse on any thread.
  private static let parserReady: Bool = {
    xmlInitParser()
    return true
  }()

  static let skippedElements: Set<String> = [
    "script", "style", "noscript", "template", "svg", "iframe", "object", "embed", "canvas", "button", "select",
    "textarea", "nav",
  ]
  static let chromeRoles: Set<String> = ["navigation", "banner", "contentinfo", "search"]
  static let chromeClasses: Set<String> = [
    "toc", "sphinxsidebar", "headerlink", "sidebar", "navbar", "breadcrumb", "breadcrumbs", "skip-link", "trails",
  ]
  static let sectioningElements: Set<String> = ["article", "aside", "main", "nav", "section"]
  static let inlineElements: Set<String> = [
    "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark", "q", "s",
    "samp", "small", "span", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr",
  ]
  static let permalinkTexts: Set<String> = ["", "#", "¶", "§", "🔗", "∞"]

  /// The text of the HTML page `html`, read as UTF-8.
  static func extract(_ html: [UInt8]) -> PageText {
    guard parserReady, !html.isEmpty, html.count < Int(Int32.max) else { return PageText(title: "", sections: []) }
    let options = Int32(
      bitPattern: HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
        | HTML_PARSE_NONET.rawValue)
    let document = html.withUnsafeBufferPointer { buffer -> htmlDocPtr? in
      guard let base = buffer.baseAddress else { return nil }
      return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
        htmlReadMemory($0, Int32(buffer.count), "page.html", "UTF-8", options)
      }
    }
    guard let document else { return PageText(title: "", sections: []) }
    defer { xmlFreeDoc(document) }
    guard let root = xmlDocGetRootElement(document) else { return PageText(title: "", sections: []) }
    var walker = PageWalker()
    walker.walk(root)
    return walker.result()
  }

  // MARK: - Tree helpers

  /// The node after `node` in document order, within `root`; its first child when `descend`.
  /// `leaving` is told of each element walked out of on the way (`root` included).
  static func next(
    after node: xmlNodePtr, descend: Bool, root: xmlNodePtr, leaving: (xmlNodePtr) -> Void = { _ in }
  ) -> xmlNodePtr? {
    if descend, let child = node.pointee.children { return child }
    var current = node
    while current != root {
      if let sibling = current.pointee.next { return sibling }
      guard let parent = current.pointee.parent else { return nil }
      current = parent
      if current.pointee.type == XML_ELEMENT_NODE { leaving(current) }
    }
    return nil
  }

  /// The element's name, lower case (libxml2's HTML parser lowercases names already).
  static func name(_ node: xmlNodePtr) -> String {
    node.pointee.name.map { String(cString: $0) } ?? ""
  }

  /// The value of attribute `wanted`, if the element has it.
  static func attribute(_ node: xmlNodePtr, _ wanted: String) -> String? {
    var attribute = node.pointee.properties
    while let current = attribute {
      if let name = current.pointee.name, String(cString: name).lowercased() == wanted { return value(of: current) }
      attribute = current.pointee.next
    }
    return nil
  }

  /// Whether the element (and all it holds) stays out of the text.
  static func isSkipped(_ node: xmlNodePtr, name: String) -> Bool {
    if skippedElements.contains(name) { return true }
    if name == "header" || name == "footer", !hasSectioningAncestor(node) { return true }
    var attribute = node.pointee.properties
    while let current = attribute {  // One pass over the attributes, reading only the values needed.
      attribute = current.pointee.next
      guard let namePointer = current.pointee.name else { continue }
      switch String(cString: namePointer).lowercased() {
      case "hidden": return true
      case "aria-hidden": if value(of: current).lowercased() == "true" { return true }
      case "role": if chromeRoles.contains(value(of: current).lowercased()) { return true }
      case "class":
        let classes = value(of: current).split(whereSeparator: \.isWhitespace)
        if classes.contains(where: { chromeClasses.contains($0.lowercased()) }) { return true }
      default: continue
      }
    }
    return false
  }

  /// An attribute's value.
  static func value(of attribute: xmlAttrPtr) -> String {
    var value = TextBuffer()
    var child = attribute.pointee.children
    while let text = child {
      value.append(cString: text.pointee.content)
      child = text.pointee.next
    }
    return value.text
  }

  static func hasSectioningAncestor(_ node: xmlNodePtr) -> Bool {
    var parent = node.pointee.parent
    while let current = parent, current.pointee.type == XML_ELEMENT_NODE {
      if sectioningElements.contains(name(current)) { return true }
      parent = current.pointee.parent
    }
    return false
  }

  /// The heading level of `h1`–`h6`.
  static func headingLevel(_ name: String) -> Int? {
    guard name.count == 2, name.hasPrefix("h"), let level = Int(name.dropFirst()), (1...6).contains(level) else {
      return nil
    }
    return level
  }

  /// The element's `id` (or, for `a`, its `name`), if not empty.
  static func anchorID(_ node: xmlNodePtr, name: String) -> String? {
    guard node.pointee.properties != nil else { return nil }
    if let id = attribute(node, "id"), !id.isEmpty { return id }
    if name == "a", let anchor = attribute(node, "name"), !anchor.isEmpty { return anchor }
    return nil
  }

  /// The first `id` on `root` or inside it.
  static func firstID(in root: xmlNodePtr) -> String? {
    var node: xmlNodePtr? = root
    while let current = node {
      if current.pointee.type == XML_ELEMENT_NODE, let id = anchorID(current, name: name(current)) { return id }
      node = next(after: current, descend: true, root: root)
    }
    return nil
  }

  /// The visible text inside `root`, whitespace collapsed; permalink anchors are left out when
  /// `permalinks` is false.
  static func text(of root: xmlNodePtr, permalinks: Bool = true) -> String {
    var buffer = TextBuffer()
    var node: xmlNodePtr? = root
    while let current = node {
      var descend = false
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        let name = name(current)
        if isSkipped(current, name: name) { break }
        if !permalinks, current != root, isPermalink(current, name: name) { break }
        if !inlineElements.contains(name) { buffer.separate() }
        descend = true
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        buffer.append(cString: current.pointee.content)
      default: break
      }
      node = next(after: current, descend: descend, root: root)
    }
    return buffer.text
  }

  /// A link to a place in the same page whose text is only a symbol: a heading's permalink.
  static func isPermalink(_ node: xmlNodePtr, name: String) -> Bool {
    guard name == "a", attribute(node, "href")?.hasPrefix("#") == true else { return false }
    return permalinkTexts.contains(text(of: node))
  }
}
