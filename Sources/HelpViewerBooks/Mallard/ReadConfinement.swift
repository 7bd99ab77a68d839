import Foundation
import HelpViewerCXSLT
import HelpViewerCore

/// What XML parsing and XSLT may read while a Mallard book is rendered: local files inside the
/// book's folders and the stylesheets' folder, never the network, and the book's cache (held in
/// memory) under `cacheAddress`. This is the lesson of Yelp's CVE-2025-3155: a page's XInclude,
/// external entity or `document()` must not read anything outside its book.
///
/// libxml2's external entity loader (XInclude, entities, stylesheet imports, `document()`)
/// and libxslt's document loader are process-wide; the folders they allow belong to the thread
/// inside `run`, so several threads may read books at once, each confined to its own. On any
/// other thread, or outside `run`, they defer to the loaders that were there before.
///
/// ```swift
/// let html = try ReadConfinement.run(allowing: [bookFolder, stylesheetFolder]) { () throws(LoadError) in
///   try render()   // reads outside the two folders fail
/// }
/// ```
enum ReadConfinement {
  /// The address `mal.cache.file` names: the book's cache, copied from `xsltTransformContext._private`.
  static let cacheAddress = "helpviewer-cache:book"

  /// The parser options of every page, cache and document read: no network, entities
  /// substituted (libxml2 refuses amplification such as billion laughs), XInclude done and its
  /// nodes dropped; no DTD is loaded.
  static let parseOptions = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue | XML_PARSE_XINCLUDE.rawValue
      | XML_PARSE_NOXINCNODE.rawValue | XML_PARSE_NOCDATA.rawValue)

  /// The folders (canonical paths) the calling thread's reads are confined to; `nil` outside
  /// `run`.
  private static var allowed: [String]? {
    get { pthread_getspecific(threadKey).map { Unmanaged<Folders>.fromOpaque($0).takeUnretainedValue().paths } }
    set {
      let old = pthread_getspecific(threadKey)
      pthread_setspecific(threadKey, newValue.map { Unmanaged.passRetained(Folders($0)).toOpaque() })
      if let old { Unmanaged<Folders>.fromOpaque(old).release() }
    }
  }

  /// A thread's allowed folders, as its thread-specific value.
  private final class Folders {
    let paths: [String]
    init(_ paths: [String]) { self.paths = paths }
  }

  /// The key of `allowed` (released with the thread).
  private static let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { value in
      if let value { Unmanaged<Folders>.fromOpaque(value).release() }
    }
    return key
  }()
  nonisolated(unsafe) private static var previousEntityLoader: xmlExternalEntityLoader?
  nonisolated(unsafe) private static var previousDocumentLoader: xsltDocLoaderFunc?

  /// libxslt's security preferences for a transform: reads checked as above, no writes, no
  /// folders created, no network but the cache's address.
  nonisolated(unsafe) static let securityPrefs: OpaquePointer? = {
    let prefs = xsltNewSecurityPrefs()
    xsltSetSecurityPrefs(
      prefs, XSLT_SECPREF_READ_FILE,
      { _, _, value in
        guard let value else { return 0 }
        return ReadConfinement.permits(String(cString: value)) ? 1 : 0
      })
    xsltSetSecurityPrefs(
      prefs, XSLT_SECPREF_READ_NETWORK,
      { _, _, value in
        guard let value else { return 0 }
        return String(cString: value) == ReadConfinement.cacheAddress ? 1 : 0
      })
    xsltSetSecurityPrefs(prefs, XSLT_SECPREF_WRITE_FILE, xsltSecurityForbid)
    xsltSetSecurityPrefs(prefs, XSLT_SECPREF_CREATE_DIRECTORY, xsltSecurityForbid)
    xsltSetSecurityPrefs(prefs, XSLT_SECPREF_WRITE_NETWORK, xsltSecurityForbid)
    return prefs
  }()

  /// Installs the loaders, once per process.
  private static let installed: Void = {
    xmlInitParser()
    exsltRegisterAll()
    previousEntityLoader = xmlGetExternalEntityLoader()
    xmlSetExternalEntityLoader { url, id, context in
      guard ReadConfinement.allowed != nil else { return ReadConfinement.previousEntityLoader?(url, id, context) }
      guard let url, ReadConfinement.permits(String(cString: url)) else { return nil }
      return xmlNoNetExternalEntityLoader(url, id, context)
    }
    previousDocumentLoader = hv_xslt_default_document_loader()
    xsltSetLoaderFunc { uri, dict, options, context, type in
      if let uri, String(cString: uri) == ReadConfinement.cacheAddress {
        let transform = context?.assumingMemoryBound(to: xsltTransformContext.self)
        guard type == XSLT_LOAD_DOCUMENT, let cache = transform?.pointee._private else { return nil }
        return xmlCopyDoc(cache.assumingMemoryBound(to: xmlDoc.self), 1)
      }
      return ReadConfinement.previousDocumentLoader?(uri, dict, options, context, type)
    }
  }()

  /// Runs `body` with the calling thread's reads confined to `folders` (and below), with
  /// libxml2's messages silenced on this thread (transforms silence libxslt's on their own
  /// context, `XSLTransform`).
  static func run<T>(allowing folders: [URL], _ body: () throws(LoadError) -> T) throws(LoadError) -> T {
    _ = installed
    let saved = allowed
    allowed = folders.map { canonicalPath($0.path) }
    defer { allowed = saved }
    hv_xml_silence()
    return try body()
  }

  /// Whether `address` (a `file:` URL or an absolute path) may be read now: always outside
  /// `run`; inside it only when it lies in an allowed folder once `..` and links are resolved,
  /// and is not a named pipe, socket or device (which would block or never end).
  static func permits(_ address: String) -> Bool {
    guard let allowed else { return true }
    let path: String
    if address.lowercased().hasPrefix("file:") {
      guard let url = URL(string: address), url.isFileURL, url.host == nil || url.host == "" || url.host == "localhost"
      else { return false }
      path = url.path
    } else if address.hasPrefix("/") {
      path = address
    } else {
      return false
    }
    let resolved = canonicalPath(path)
    guard allowed.contains(where: { resolved == $0 || resolved.hasPrefix($0 == "/" ? "/" : $0 + "/") }) else {
      return false
    }
    // What is missing or a folder fails to read at once; a named pipe or device may never end.
    let type = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType
    return type == nil || type == .typeRegular || type == .typeDirectory
  }

  private static func canonicalPath(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
