import HelpViewerCXML2

/// Walks a parsed page once, in document order and without recursion (so deeply nested broken
/// HTML cannot exhaust the stack), and splits its text into sections at `h1`–`h6`. Blocks of a
/// section's text (list items, paragraphs, table cells) are kept apart by a line break.
///
/// A section's id is the heading's own id, else the first id inside the heading, else the id of
/// the nearest element before it with no text in between (`<a id="x"></a><h2>` or
/// `<section id="x"><h2>`).
///
/// A term of a definition list with an id (`<dt id="os.walk">`, as Sphinx marks each function,
/// class and attribute it documents) starts a section of its own too, headed by the term, at
/// level 7; where the list ends, the section the list is in goes on (same heading and id).
///
/// ```swift
/// var walker = PageWalker()
/// walker.walk(root)
/// let text = walker.result()
/// ```
struct PageWalker {
  private var title: String?
  private var firstHeading: String?
  private var sections = SectionCollector()
  private var pendingID: String?
  private var summary = ""
  /// The definition lists being read, and for each, once a term of it started a section, the
  /// section to go on with after it.
  private var definitionLists: [(list: xmlNodePtr, resume: (heading: String, level: Int, id: String?)?)] = []

  mutating func walk(_ root: xmlNodePtr) {
    typealias Extractor = PageTextExtractor
    var node: xmlNodePtr? = root
    while let current = node {
      var descend = false
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        let name = Extractor.name(current)
        if Extractor.isSkipped(current, name: name) { break }
        if let level = Extractor.headingLevel(name) {
          startSection(current, level: level)
        } else if name == "dt", !definitionLists.isEmpty, let id = Extractor.anchorID(current, name: name) {
          let last = definitionLists.count - 1
          if definitionLists[last].resume == nil { definitionLists[last].resume = sections.current }
          sections.start(
            heading: PageTextExtractor.text(of: current, permalinks: false), level: Self.definitionLevel, id: id)
          pendingID = nil
        } else if name == "meta" {
          if let meta = Extractor.attribute(current, "name")?.lowercased(), meta == "description" || meta == "keywords",
            let content = Extractor.attribute(current, "content"), !content.isEmpty
          {
            summary += summary.isEmpty ? content : " " + content
          }
        } else if name == "title" {
          if title == nil { title = Extractor.text(of: current) }
        } else {
          if let id = Extractor.anchorID(current, name: name) { pendingID = id }
          if !Extractor.inlineElements.contains(name) { sections.body.separateBlock() }
          if name == "dl" {
            if current.pointee.children == nil { break }
            definitionLists.append((current, nil))
          }
          descend = true
        }
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        if sections.body.append(cString: current.pointee.content) { pendingID = nil }
      default: break
      }
      node = next(after: current, descend: descend, root: root)
    }
    sections.finish()
  }

  /// The node after `node` in document order, within `root` (its first child when `descend`);
  /// leaving an element that is not inline ends a block of the body.
  private mutating func next(after node: xmlNodePtr, descend: Bool, root: xmlNodePtr) -> xmlNodePtr? {
    PageTextExtractor.next(after: node, descend: descend, root: root) { element in
      if !PageTextExtractor.inlineElements.contains(PageTextExtractor.name(element)) { sections.body.separateBlock() }
      if let last = definitionLists.last, last.list == element {
        definitionLists.removeLast()
        if let resume = last.resume { sections.start(heading: resume.heading, level: resume.level, id: resume.id) }
      }
    }
  }

  /// The level of a section a definition term starts: below every heading.
  static let definitionLevel = 7

  func result() -> PageText {
    let title = title.flatMap { $0.isEmpty ? nil : $0 } ?? firstHeading ?? ""
    return PageText(title: title, sections: sections.sections, summary: summary)
  }

  private mutating func startSection(_ node: xmlNodePtr, level: Int) {
    let text = PageTextExtractor.text(of: node, permalinks: false)
    if level == 1, firstHeading == nil, !text.isEmpty { firstHeading = text }
    sections.start(heading: text, level: level, id: PageTextExtractor.firstID(in: node) ?? pendingID)
    pendingID = nil
  }
}
