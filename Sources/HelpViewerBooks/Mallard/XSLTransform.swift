import Foundation
import HelpViewerCXSLT
import HelpViewerCore

/// One XSLT transform as Mallard rendering runs it: libxslt's security preferences and the
/// confined parser options on the transform context (`ReadConfinement`), the book's cache
/// reachable as `mal.cache.file`, the result serialized in memory.
///
/// ```swift
/// let text = try XSLTransform.run(stylesheet: xsl, on: xml, allowing: [bookFolder])  // for tests
/// ```
enum XSLTransform {
  /// `stylesheet` applied to `document`; `cache` is the document `ReadConfinement.cacheAddress`
  /// names. `nil` when the transform fails. Call inside `ReadConfinement.run`.
  static func apply(_ document: xmlDocPtr, with stylesheet: xsltStylesheetPtr, cache: xmlDocPtr?) -> xmlDocPtr? {
    guard let context = xsltNewTransformContext(stylesheet, document) else { return nil }
    defer { xsltFreeTransformContext(context) }
    guard xsltSetCtxtSecurityPrefs(ReadConfinement.securityPrefs, context) == 0 else { return nil }
    hv_xslt_silence_transform(context)
    xsltSetCtxtParseOptions(context, ReadConfinement.parseOptions)
    context.pointee._private = cache.map { UnsafeMutableRawPointer($0) }
    let result = xsltApplyStylesheetUser(stylesheet, document, nil, nil, nil, context)
    if let result, context.pointee.state == XSLT_STATE_STOPPED {
      xmlFreeDoc(result)
      return nil
    }
    return result
  }

  /// `result` as text, as `stylesheet`'s output settings say; `nil` when that fails.
  static func serialize(_ result: xmlDocPtr, with stylesheet: xsltStylesheetPtr) -> Data? {
    var buffer: UnsafeMutablePointer<xmlChar>?
    var length: Int32 = 0
    guard xsltSaveResultToString(&buffer, &length, result, stylesheet) == 0 else { return nil }
    guard let buffer else { return Data() }
    defer { free(buffer) }
    return Data(bytes: buffer, count: Int(length))
  }

  /// The XSLT `stylesheet` (text) applied to the XML `document` (text), reads confined to
  /// `folders`: for tests of the confinement. `nil` when either does not parse or the
  /// transform fails.
  static func run(stylesheet: String, on document: String, allowing folders: [URL]) -> String? {
    try? ReadConfinement.run(allowing: folders) { () throws(LoadError) -> String? in
      guard let styleDocument = parse(stylesheet) else { return nil }
      guard let style = hv_xslt_parse_stylesheet_doc_quietly(styleDocument) else {
        xmlFreeDoc(styleDocument)
        return nil
      }
      defer { xsltFreeStylesheet(style) }
      guard let input = parse(document) else { return nil }
      defer { xmlFreeDoc(input) }
      guard let result = apply(input, with: style, cache: nil) else { return nil }
      defer { xmlFreeDoc(result) }
      return serialize(result, with: style).map { String(decoding: $0, as: UTF8.self) }
    }
  }

  /// `text` parsed as XML with the confined options, with `base` as its address.
  static func parse(_ text: String, base: String = "file:///") -> xmlDocPtr? {
    text.withCString { xmlReadMemory($0, Int32(strlen($0)), base, "UTF-8", ReadConfinement.parseOptions) }
  }
}
