import Foundation
import HelpViewerCXSLT
import HelpViewerCore

/// What XML parsing and XSLT may read while a Mallard book is rendered: local files inside the
/// book's folders and the stylesheets' folder, never the network, at most `pageLimit` bytes
/// in all (a page and what it includes), and the book's cache (held in memory) under
/// `cacheAddress`. This is the lesson of Yelp's CVE-2025-3155: a page's XInclude, external
/// entity or `document()` must not read anything outside its book.
///
/// libxml2's external entity loader (XInclude, entities, stylesheet imports, `document()`)
/// and libxslt's document loader are process-wide; the folders they allow belong to the thread
/// inside `run`, so several threads may read books at once, each confined to its own. On any
/// other thread, or outside `run`, they defer to the loaders that were there before. Each file
/// is checked once opened, on its descriptor (`RegularFile.open`): where it really is, that it
/// is a regular file, its size. Every `run` first checks that the loaders are still
/// HelpViewer's: a host that installed its own later would have lifted the confinement, and
/// `run` then throws `MallardRenderError.confinementLost` instead of reading anything.
///
/// ```swift
/// let html = try ReadConfinement.run(allowing: [bookFolder, stylesheetFolder]) {
///   try render()   // reads outside the two folders fail
/// }
/// ```
enum ReadConfinement {
  /// The address `mal.cache.file` names: the book's cache, copied from `xsltTransformContext._private`.
  static let cacheAddress = "helpviewer-cache:book"

  /// The most a page may read, its own file and every file it includes: 32 MiB, as the search
  /// index reads (`PageText.maximumSize`).
  static let pageLimit = PageText.maximumSize

  /// The parser options of every page, cache and document read: no network, entities
  /// substituted (libxml2 refuses amplification such as billion laughs), XInclude done and its
  /// nodes dropped; no DTD is loaded.
  static let parseOptions = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue | XML_PARSE_XINCLUDE.rawValue
      | XML_PARSE_NOXINCNODE.rawValue | XML_PARSE_NOCDATA.rawValue)

  /// What one `run` allows and has read so far.
  final class Reads {
    /// The folders (canonical paths).
    let folders: [String]
    /// The most bytes all files read may hold together (each at most `pageLimit`).
    let limit: Int
    /// The bytes read so far.
    var used = 0
    /// The bytes a read would have reached when it was refused for the limit.
    var refusedAt: Int?
    /// Whether each page (`.page`) read starts a document of its own, read within `pageLimit`
    /// with its includes (a book's cache reads every page).
    let perPage: Bool
    /// The bytes of the page read last and its includes, when `perPage`.
    var pageUsed = 0

    init(_ folders: [String], limit: Int, perPage: Bool = false) {
      self.folders = folders
      self.limit = limit
      self.perPage = perPage
    }
  }

  /// The calling thread's reads; `nil` outside `run`.
  static var current: Reads? {
    pthread_getspecific(threadKey).map { Unmanaged<Reads>.fromOpaque($0).takeUnretainedValue() }
  }

  private static func setCurrent(_ reads: Reads?) {
    let old = pthread_getspecific(threadKey)
    pthread_setspecific(threadKey, reads.map { Unmanaged.passRetained($0).toOpaque() })
    if let old { Unmanaged<Reads>.fromOpaque(old).release() }
  }

  /// The key of `current` (released with the thread).
  private static let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { value in
      if let value { Unmanaged<Reads>.fromOpaque(value).release() }
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

  /// HelpViewer's entity loader: inside `run`, only files `open` lets through, read from
  /// their opened descriptor.
  private static let entityLoader: xmlExternalEntityLoader = { url, id, context in
    guard let reads = ReadConfinement.current else { return ReadConfinement.previousEntityLoader?(url, id, context) }
    guard let url, let context else { return nil }
    // libxml2 reads a text include (on a parser context of its own, without HelpViewer's
    // options) a few bytes at a time, in time that grows with the square of its size.
    let isText = context.pointee.options & Int32(XML_PARSE_NONET.rawValue) == 0
    let limit = isText ? TextIncludes.fallbackLimit : pageLimit
    guard let file = try? ReadConfinement.open(String(cString: url), for: reads, limit: limit) else { return nil }
    // libxml2 reads the opened file as it parses (XInclude's text includes need a reader).
    let reader = Unmanaged.passRetained(file).toOpaque()
    guard
      let buffer = xmlParserInputBufferCreateIO(
        { reader, bytes, count in
          guard let reader, let bytes, count > 0 else { return -1 }
          let file = Unmanaged<RegularFile.Opened>.fromOpaque(reader).takeUnretainedValue()
          return Int32(file.read(into: bytes, count: Int(count)))
        },
        { reader in
          if let reader { Unmanaged<RegularFile.Opened>.fromOpaque(reader).release() }
          return 0
        }, reader, XML_CHAR_ENCODING_NONE)
    else {
      Unmanaged<RegularFile.Opened>.fromOpaque(reader).release()
      return nil
    }
    // The input owns the buffer (which closes the file) and its name (its base address).
    guard let input = xmlNewIOInputStream(context, buffer, XML_CHAR_ENCODING_NONE) else {
      xmlFreeParserInputBuffer(buffer)
      return nil
    }
    input.pointee.filename = UnsafePointer(
      xmlStrdup(url).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: CChar.self) })
    return input
  }

  /// HelpViewer's document loader: the book's cache from memory, anything else as before
  /// (through the entity loader), each page of a cache within `pageLimit` with its includes.
  private static let documentLoader: xsltDocLoaderFunc = { uri, dict, options, context, type in
    if let uri, String(cString: uri) == ReadConfinement.cacheAddress {
      let transform = context?.assumingMemoryBound(to: xsltTransformContext.self)
      guard type == XSLT_LOAD_DOCUMENT, let cache = transform?.pointee._private else { return nil }
      return xmlCopyDoc(cache.assumingMemoryBound(to: xmlDoc.self), 1)
    }
    let document = ReadConfinement.previousDocumentLoader?(uri, dict, options, context, type)
    // A page a book's cache reads holds at most `pageLimit` bytes of text with its includes
    // (a file included many times is read once); a larger one is left out.
    guard let document, let reads = ReadConfinement.current, reads.perPage else { return document }
    // Included here (libxslt would include after this returns), to be counted.
    TextIncludes.inline(in: document, reads: reads)
    _ = xmlXIncludeProcessFlags(document, options)
    guard DocumentText.bytes(in: document, upTo: pageLimit) <= pageLimit else {
      xmlFreeDoc(document)
      return nil
    }
    return document
  }

  /// Installs the loaders, once per process.
  private static let installed: Void = {
    xmlInitParser()
    exsltRegisterAll()
    previousEntityLoader = xmlGetExternalEntityLoader()
    xmlSetExternalEntityLoader(entityLoader)
    previousDocumentLoader = hv_xslt_default_document_loader()
    xsltSetLoaderFunc(documentLoader)
  }()

  /// Checks that libxml2's and libxslt's loaders are still HelpViewer's; throws
  /// `confinementLost` naming the one that is not.
  static func checkLoaders() throws(MallardRenderError) {
    _ = installed
    if !same(xmlGetExternalEntityLoader(), entityLoader) {
      throw .confinementLost("libxml2's external entity loader (xmlSetExternalEntityLoader)")
    }
    if !same(hv_xslt_default_document_loader(), documentLoader) {
      throw .confinementLost("libxslt's document loader (xsltSetLoaderFunc)")
    }
  }

  private static func same<F>(_ one: F?, _ other: F) -> Bool {
    guard let one else { return false }
    return unsafeBitCast(one, to: UnsafeRawPointer.self) == unsafeBitCast(other, to: UnsafeRawPointer.self)
  }

  /// Runs `body` with the calling thread's reads confined to `folders` (and below), at most
  /// `limit` bytes in all, with libxml2's messages silenced on this thread (transforms silence
  /// libxslt's on their own context, `XSLTransform`). Throws `confinementLost` without running
  /// `body` when the loaders are no longer HelpViewer's, and what `body` throws.
  static func run<T>(
    allowing folders: [URL], limit: Int = pageLimit, perPage: Bool = false, _ body: (Reads) throws -> T
  ) throws -> T {
    try checkLoaders()
    let saved = current
    let reads = Reads(folders.map { ContentPath.canonicalPath($0.path) }, limit: limit, perPage: perPage)
    setCurrent(reads)
    defer { setCurrent(saved) }
    hv_xml_silence()
    return try body(reads)
  }

  /// Opens the file at `address` (a `file:` URL or an absolute path) for `reads` when, once
  /// opened, it is a regular file inside the allowed folders and within what is left of the
  /// limit; counts its size. Throws `.tooLarge` (and notes it) past the limit, `nil`-worthy
  /// problems otherwise.
  static func open(_ address: String, for reads: Reads, limit fileLimit: Int = pageLimit) throws
    -> RegularFile.Opened
  {
    guard let path = path(of: address) else { throw RegularFile.Problem.outside(realPath: address) }
    if reads.perPage, path.hasSuffix(".page") { reads.pageUsed = 0 }
    let pageLeft = min(pageLimit - (reads.perPage ? reads.pageUsed : 0), reads.limit - reads.used)
    let left = min(fileLimit, pageLeft)
    let file: RegularFile.Opened
    do {
      file = try RegularFile.open(URL(fileURLWithPath: path), limit: max(left, 0), inside: reads.folders)
    } catch {
      guard case .tooLarge = error else { throw error }
      // Over a file's own limit (a text include libxml2 reads): that file is refused, no more.
      if fileLimit < pageLeft { throw error }
      let limit = min(reads.limit, pageLimit)
      reads.refusedAt = limit + 1
      throw RegularFile.Problem.tooLarge(limit: limit)
    }
    reads.used += file.size
    reads.pageUsed += file.size
    return file
  }

  /// Whether `address` (a `file:` URL or an absolute path) may be read now: always outside
  /// `run`; inside it only when it lies in an allowed folder once `..` and links are resolved,
  /// and is not a named pipe, socket or device (which would block or never end). A first
  /// check; the file is checked again once opened (`open`).
  static func permits(_ address: String) -> Bool {
    guard let reads = current else { return true }
    guard let path = path(of: address) else { return false }
    let resolved = ContentPath.canonicalPath(path)
    guard reads.folders.contains(where: { ContentPath.isInside(resolved, $0) }) else { return false }
    // What is missing or a folder fails to read at once; a named pipe or device may never end.
    let type = (try? FileManager.default.attributesOfItem(atPath: resolved))?[.type] as? FileAttributeType
    return type == nil || type == .typeRegular || type == .typeDirectory
  }

  /// The local path `address` names: a `file:` URL's (local host only) or an absolute path.
  private static func path(of address: String) -> String? {
    if address.lowercased().hasPrefix("file:") {
      guard let url = URL(string: address), url.isFileURL, url.host == nil || url.host == "" || url.host == "localhost"
      else { return nil }
      return url.path
    }
    return address.hasPrefix("/") ? address : nil
  }
}
