import Foundation
import HelpViewerCXSLT
import HelpViewerCore

/// One XSLT transform as Mallard rendering runs it: libxslt's security preferences and the
/// confined parser options on the transform context (`ReadConfinement`), the book's cache
/// reachable as `mal.cache.file`, string parameters (the page's nonce), a deadline
/// (`TransformWatch`), the result serialized in memory.
///
/// ```swift
/// let text = XSLTransform.run(stylesheet: xsl, on: xml, allowing: [bookFolder])  // for tests
/// ```
enum XSLTransform {
  /// How a transform ended.
  enum Outcome {
    /// Its result (the caller frees it).
    case result(xmlDocPtr)
    /// It failed (an error in the stylesheet or the input, a refused read or write).
    case failed
    /// It ran past its deadline and was stopped.
    case outOfTime
  }

  /// `stylesheet` applied to `document`, with `parameters` as XSLT string parameters (name →
  /// value; values of letters and digits only), stopped at `deadline`; `cache` is the document
  /// `ReadConfinement.cacheAddress` names. Call inside `ReadConfinement.run`.
  static func apply(
    _ document: xmlDocPtr, with stylesheet: xsltStylesheetPtr, cache: xmlDocPtr?, parameters: [String: String] = [:],
    deadline: DispatchTime = .distantFuture
  ) -> Outcome {
    guard let context = xsltNewTransformContext(stylesheet, document) else { return .failed }
    defer { xsltFreeTransformContext(context) }
    guard xsltSetCtxtSecurityPrefs(ReadConfinement.securityPrefs, context) == 0 else { return .failed }
    hv_xslt_silence_transform(context)
    xsltSetCtxtParseOptions(context, ReadConfinement.parseOptions)
    context.pointee._private = cache.map { UnsafeMutableRawPointer($0) }
    // name, 'value', …, NULL: each value an XPath string literal.
    let texts = parameters.sorted { $0.key < $1.key }.flatMap { [$0.key, "'\($0.value)'"] }
    var pointers: [UnsafePointer<CChar>?] = texts.map { UnsafePointer(strdup($0)) } + [nil]
    defer { for pointer in pointers { free(UnsafeMutablePointer(mutating: pointer)) } }
    let watch = deadline == .distantFuture ? nil : TransformWatch(context, deadline: deadline)
    let result = pointers.withUnsafeMutableBufferPointer {
      xsltApplyStylesheetUser(stylesheet, document, $0.baseAddress, nil, nil, context)
    }
    watch?.finish()
    if watch?.stopped == true {
      if let result { xmlFreeDoc(result) }
      return .outOfTime
    }
    guard let result else { return .failed }
    if context.pointee.state == XSLT_STATE_STOPPED {
      xmlFreeDoc(result)
      return .failed
    }
    return .result(result)
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
    try? ReadConfinement.run(allowing: folders) { _ -> String? in
      guard let styleDocument = parse(stylesheet) else { return nil }
      guard let style = hv_xslt_parse_stylesheet_doc_quietly(styleDocument) else {
        xmlFreeDoc(styleDocument)
        return nil
      }
      defer { xsltFreeStylesheet(style) }
      guard let input = parse(document) else { return nil }
      defer { xmlFreeDoc(input) }
      guard case .result(let result) = apply(input, with: style, cache: nil) else { return nil }
      defer { xmlFreeDoc(result) }
      return serialize(result, with: style).map { String(decoding: $0, as: UTF8.self) }
    }
  }

  /// `data` (a page's bytes, read already) parsed as XML with the confined options, with
  /// `base` as its address; `nil` when it is not well-formed.
  static func parse(_ data: Data, base: String) -> xmlDocPtr? {
    data.withUnsafeBytes { bytes -> xmlDocPtr? in
      guard let start = bytes.baseAddress, bytes.count < Int(Int32.max) else { return nil }
      return xmlReadMemory(
        start.assumingMemoryBound(to: CChar.self), Int32(bytes.count), base, nil, ReadConfinement.parseOptions)
    }
  }

  /// `text` parsed as XML with the confined options, with `base` as its address.
  static func parse(_ text: String, base: String = "file:///") -> xmlDocPtr? {
    text.withCString { xmlReadMemory($0, Int32(strlen($0)), base, "UTF-8", ReadConfinement.parseOptions) }
  }
}
