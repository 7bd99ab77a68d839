import Foundation
import HelpViewerCXSLT

/// How much text a parsed document holds once its includes are done: what a page costs to
/// render. libxml2 reads a file included many times once, so the bytes read alone do not tell.
///
/// ```swift
/// if DocumentText.bytes(in: document, upTo: limit) > limit { throw … }
/// ```
enum DocumentText {
  /// The bytes of text and attribute values in `document`, counted until they pass `limit`
  /// (then some number above it).
  static func bytes(in document: xmlDocPtr, upTo limit: Int) -> Int {
    var total = 0
    var node = xmlDocGetRootElement(document)
    while let current = node, total <= limit {
      if current.pointee.type == XML_ELEMENT_NODE {
        var attribute = current.pointee.properties
        while let property = attribute {
          var value = property.pointee.children
          while let text = value {
            total += Int(xmlStrlen(text.pointee.content))
            value = text.pointee.next
          }
          attribute = property.pointee.next
        }
      } else if let content = current.pointee.content {
        total += Int(xmlStrlen(content))
      }
      node = next(after: current)
    }
    return total
  }

  /// The node after `node` in document order (its first child, else its next sibling or an
  /// ancestor's).
  private static func next(after node: xmlNodePtr) -> xmlNodePtr? {
    if node.pointee.type == XML_ELEMENT_NODE, let child = node.pointee.children { return child }
    var current: xmlNodePtr? = node
    while let here = current {
      if let sibling = here.pointee.next { return sibling }
      current = here.pointee.parent
      if current?.pointee.type == XML_DOCUMENT_NODE { return nil }
    }
    return nil
  }
}
