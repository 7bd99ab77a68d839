import Foundation
import HelpViewerCXSLT
import HelpViewerCore

/// The searchable text of a Mallard page, read straight from its `.page` source with libxml2:
/// no XSLT and no rendering, so a whole book is indexed in a fraction of the time
/// `MallardRenderer` takes.
///
/// The page is read as `MallardRenderer` reads it (`ReadConfinement.parseOptions`, XInclude
/// done) inside `ReadConfinement.run`, so an XInclude or external entity that names anything
/// outside the book's folders, or a named pipe, adds nothing. What is kept is described in
/// `MallardTextWalker`; the sections' ids are the Mallard sections' ids, which yelp-xsl gives
/// the rendered sections, so `PAGE.html#ID` lands.
///
/// ```swift
/// let text = try MallardPageText.text(of: book.page(id: "sync"), in: book)
/// text.title              // "Synchronize notes"
/// text.sections[1].id     // "conflicts"
/// ```
enum MallardPageText {
  /// Mallard's namespace.
  static let namespace = "http://projectmallard.org/1.0/"
  /// Mallard Conditionals' namespace (`if:choose`, `if:when`, …): their contents are shown.
  static let conditionalNamespace = "http://projectmallard.org/if/1.0/"

  /// How many different targets of empty links one page's text reads (for their titles).
  static let maximumLinkTargets = 64

  /// The text of `page` of `book`. Throws `.cannotShowContent` when the page cannot be read (a
  /// pipe, too large) or is not well-formed XML; a page that is not Mallard has no text.
  static func text(of page: HelpBookPage, in book: HelpBook) throws(LoadError) -> PageText {
    do {
      return try ReadConfinement.run(allowing: book.folders.map(\.boundary)) { _ throws -> PageText in
        try walk(page, in: book)
      }
    } catch {
      throw MallardRenderer.loadError(error)
    }
  }

  /// The text of `page` (inside `ReadConfinement.run`).
  private static func walk(_ page: HelpBookPage, in book: HelpBook) throws(LoadError) -> PageText {
    let document = try read(page)
    defer { xmlFreeDoc(document) }
    // A refused or broken XInclude leaves the page without what it would have included.
    if let reads = ReadConfinement.current { TextIncludes.inline(in: document, reads: reads) }
    _ = xmlXIncludeProcessFlags(document, ReadConfinement.parseOptions)
    guard let root = xmlDocGetRootElement(document), isMallard(root, "page") else {
      return PageText(title: "", sections: [])
    }
    // Each target read once, and only so many: a page cannot make the index read without end.
    var titles: [String: String?] = [:]
    var walker = MallardTextWalker { xref in
      if let known = titles[xref] { return known }
      guard titles.count < maximumLinkTargets else { return nil }
      let title = linkTitle(xref, in: book)
      titles[xref] = title
      return title
    }
    walker.walk(root)
    return walker.result()
  }

  /// `page` parsed (inside `ReadConfinement.run`), XIncludes not done yet.
  private static func read(_ page: HelpBookPage) throws(LoadError) -> xmlDocPtr {
    let source: Data
    do {
      guard let reads = ReadConfinement.current else { throw RegularFile.Problem.outside(realPath: page.fileURL.path) }
      source = try ReadConfinement.open(page.fileURL.path, for: reads).read()
    } catch RegularFile.Problem.outside {  // Outside the book.
      throw LoadError(.cannotShowContent, url: page.fileURL.path, details: "Not a file of the book.")
    } catch {
      let details = (error as? RegularFile.Problem)?.details ?? "\(error)"
      throw LoadError(.cannotShowContent, url: page.fileURL.path, details: details)
    }
    let document = XSLTransform.parse(source, base: page.fileURL.absoluteString)
    guard let document else {
      throw LoadError(
        .cannotShowContent, url: page.fileURL.path, details: "The Mallard page “\(page.id)” is not well-formed XML.")
    }
    return document
  }

  /// The text yelp-xsl gives an empty `<link xref="PAGE#SECTION">`: the title of the page (or of
  /// its section) it names; `nil` when there is none.
  static func linkTitle(_ xref: String, in book: HelpBook) -> String? {
    let parts = xref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    guard let pageID = parts.first, !pageID.isEmpty, let page = try? book.page(id: pageID),
      let document = try? read(page)
    else { return nil }
    defer { xmlFreeDoc(document) }
    guard let root = xmlDocGetRootElement(document), isMallard(root, "page") else { return nil }
    var target = root
    if parts.count == 2, !parts[1].isEmpty {
      var node: xmlNodePtr? = root
      while let current = node,
        !(isMallard(current, "section") && PageTextExtractor.attribute(current, "id") == parts[1])
      {
        node = PageTextExtractor.next(after: current, descend: true, root: root)
      }
      guard let section = node else { return nil }
      target = section
    }
    return child(of: target, "title").map { MallardTextWalker.text(of: $0) }
  }

  /// Whether `node` is the Mallard element `name` (whatever prefix it is written with).
  static func isMallard(_ node: xmlNodePtr, _ name: String) -> Bool {
    node.pointee.type == XML_ELEMENT_NODE && namespace(of: node) == namespace
      && PageTextExtractor.name(node) == name
  }

  /// The namespace of the element `node`, empty when it has none.
  static func namespace(of node: xmlNodePtr) -> String {
    node.pointee.ns?.pointee.href.map { String(cString: $0) } ?? ""
  }

  /// The first child of `node` that is the Mallard element `name`.
  static func child(of node: xmlNodePtr, _ name: String) -> xmlNodePtr? {
    var child = node.pointee.children
    while let current = child {
      if isMallard(current, name) { return current }
      child = current.pointee.next
    }
    return nil
  }
}
