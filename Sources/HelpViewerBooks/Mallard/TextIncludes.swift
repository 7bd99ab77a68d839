import Foundation
import HelpViewerCXSLT

/// A page's text includes (`<xi:include parse="text">`) done by HelpViewer before libxml2's
/// XInclude: libxml2 2.9 appends an included text file to its node a few bytes at a time,
/// measuring the whole node each time, so a 1 MiB file took 13 s, and 32 MiB would take hours,
/// none of which the transform's time budget can stop. Here a file is read at once through the
/// read confinement (`ReadConfinement.open`, counted against the page's limit) and becomes one
/// text node. An include it cannot do (a file refused, an encoding other than UTF-8, text that
/// is not UTF-8) is left to libxml2, which then reads at most `fallbackLimit` bytes.
///
/// ```swift
/// TextIncludes.inline(in: document, reads: reads)
/// _ = xmlXIncludeProcessFlags(document, ReadConfinement.parseOptions)
/// ```
enum TextIncludes {
  /// The most bytes of a text include libxml2 itself reads (one an included XML file holds).
  static let fallbackLimit = 256 << 10

  private static let namespaces: Set<String> = ["http://www.w3.org/2001/XInclude", "http://www.w3.org/2003/XInclude"]

  /// Replaces each text include of `document` that it can read by the file's text.
  static func inline(in document: xmlDocPtr, reads: ReadConfinement.Reads) {
    for node in includes(in: document) {
      guard let href = property(node, "href"), !href.isEmpty,
        (property(node, "encoding") ?? "utf-8").lowercased() == "utf-8"
      else { continue }
      let base = xmlNodeGetBase(document, node)
      defer { free(base) }
      guard let built = xmlBuildURI(href, base) else { continue }
      let address = String(cString: built)
      free(built)
      guard let file = try? ReadConfinement.open(address, for: reads), let data = try? file.read(),
        String(data: data, encoding: .utf8) != nil, data.count < Int(Int32.max)
      else { continue }
      let text = data.withUnsafeBytes { bytes in
        xmlNewDocTextLen(document, bytes.baseAddress?.assumingMemoryBound(to: xmlChar.self), Int32(bytes.count))
      }
      guard let text else { continue }
      xmlReplaceNode(node, text)
      xmlFreeNode(node)
    }
  }

  /// The text include elements of `document`, in document order.
  private static func includes(in document: xmlDocPtr) -> [xmlNodePtr] {
    var found: [xmlNodePtr] = []
    var stack: [xmlNodePtr] = xmlDocGetRootElement(document).map { [$0] } ?? []
    while let node = stack.popLast() {
      guard node.pointee.type == XML_ELEMENT_NODE else { continue }
      if String(cString: node.pointee.name) == "include", let ns = node.pointee.ns?.pointee.href,
        namespaces.contains(String(cString: ns)), property(node, "parse") == "text"
      {
        found.append(node)
        continue
      }
      var child = node.pointee.children
      var children: [xmlNodePtr] = []
      while let current = child {
        children.append(current)
        child = current.pointee.next
      }
      stack.append(contentsOf: children.reversed())
    }
    return found
  }

  private static func property(_ node: xmlNodePtr, _ name: String) -> String? {
    guard let value = xmlGetProp(node, name) else { return nil }
    defer { free(value) }
    return String(cString: value)
  }
}
