import Foundation
import HelpViewerCXSLT
import HelpViewerCore

/// yelp-xsl's Mallard stylesheets, parsed once per process (per folder): `mal-cache.xsl`, which
/// makes a book's cache, and a stylesheet of HelpViewer's own that imports `mal2html.xsl` and
/// makes its `html.output` call `html.page`, so that a page's HTML is the transform's result
/// (written nowhere), with `mal.cache.file` naming the cache held in memory and CSS for dark mode.
/// It leaves out yelp-xsl's MathJax script, which a page with MathML would load from a CDN over
/// plain http: it would carry the page's nonce, and a nonce allows a script from anywhere.
///
/// ```swift
/// let book = try HelpBook(folder: folder, stylesheets: MallardStylesheets.installedFolder)
/// ```
public final class MallardStylesheets: @unchecked Sendable {
  /// Where Debian's `yelp-xsl` installs its XSLT stylesheets.
  public static let installedFolder = URL(fileURLWithPath: "/usr/share/yelp-xsl/xslt", isDirectory: true)

  /// The folder they were read from.
  let folder: URL
  /// `mallard/cache/mal-cache.xsl`.
  let cache: xsltStylesheetPtr
  /// HelpViewer's page stylesheet, importing `mallard/html/mal2html.xsl`.
  let page: xsltStylesheetPtr

  private init(folder: URL, cache: xsltStylesheetPtr, page: xsltStylesheetPtr) {
    self.folder = folder
    self.cache = cache
    self.page = page
  }

  /// Those read so far, by folder path.
  private static let loaded = Locked<[String: MallardStylesheets]>([:])

  /// The stylesheets in `folder`, parsed the first time (by one thread; others wait for it).
  /// Call inside `ReadConfinement.run`. Throws `.helpRendererMissing` when they are not there
  /// (yelp-xsl is not installed) or do not parse.
  static func load(folder: URL) throws(LoadError) -> MallardStylesheets {
    try loaded.withLock { (loaded) throws(LoadError) -> MallardStylesheets in
      if let known = loaded[folder.path] { return known }
      let stylesheets = try parse(folder: folder)
      loaded[folder.path] = stylesheets
      return stylesheets
    }
  }

  private static func parse(folder: URL) throws(LoadError) -> MallardStylesheets {
    try checkInstalled(in: folder)
    let cacheFile = folder.appendingPathComponent(cachePath)
    let pageFile = folder.appendingPathComponent(pagePath)
    guard let cache = hv_xslt_parse_stylesheet_file_quietly(cacheFile.path) else {
      throw LoadError(.helpRendererMissing, url: cacheFile.path, details: "yelp-xsl's \(cacheFile.path) did not parse.")
    }
    let text = wrapper(importing: pageFile)
    let document = text.withCString { xmlReadMemory($0, Int32(strlen($0)), pageFile.path, "UTF-8", 0) }
    guard let document, let page = hv_xslt_parse_stylesheet_doc_quietly(document) else {
      if let document { xmlFreeDoc(document) }
      xsltFreeStylesheet(cache)
      throw LoadError(.helpRendererMissing, url: pageFile.path, details: "yelp-xsl's \(pageFile.path) did not parse.")
    }
    return MallardStylesheets(folder: folder, cache: cache, page: page)
  }

  static let cachePath = "mallard/cache/mal-cache.xsl"
  static let pagePath = "mallard/html/mal2html.xsl"

  /// Checks that yelp-xsl's two stylesheets are in `folder`, without parsing them (a few
  /// `stat`s: cheap enough for the main thread). Throws `.helpRendererMissing` when not.
  static func checkInstalled(in folder: URL) throws(LoadError) {
    for path in [cachePath, pagePath] {
      let file = folder.appendingPathComponent(path)
      guard FileManager.default.isReadableFile(atPath: file.path) else {
        throw LoadError(
          .helpRendererMissing, url: file.path,
          details: "yelp-xsl's stylesheet \(file.path) is missing: install the yelp-xsl package.")
      }
    }
  }

  /// The page stylesheet's text.
  static func wrapper(importing mal2html: URL) -> String {
    """
    <xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns="http://www.w3.org/1999/xhtml" version="1.0">
    <xsl:import href="\(mal2html.absoluteString)"/>
    <xsl:param name="mal.cache.file" select="'\(ReadConfinement.cacheAddress)'"/>
    <xsl:param name="html.syntax.highlight" select="false()"/>
    <xsl:template name="html.output">
      <xsl:param name="node" select="."/>
      <xsl:call-template name="html.page"><xsl:with-param name="node" select="$node"/></xsl:call-template>
    </xsl:template>
    <xsl:template name="html.css.custom"><xsl:text>\(darkCSS)</xsl:text></xsl:template>
    <xsl:template name="html.js.mathjax"/>
    </xsl:stylesheet>
    """
  }

  /// yelp-xsl writes light colours into its CSS; these follow a dark preference
  /// (`prefers-color-scheme`, which WebKit takes from GTK), in GNOME's dark palette.
  static let darkCSS = """
    :root { color-scheme: light dark; }
    @media (prefers-color-scheme: dark) {
    body, article, div.figure &gt; div.inner &gt; div.region &gt; div.contents { background-color: #242424; color: #deddda; }
    div.trail, div.hgroup, div.title, th, thead td, thead th, tfoot td, tfoot th, span.em-bold, span.gui,
    span.guiseq, pre span.input, span.keyseq, pre span.prompt, pre span.output, dt.gloss-term,
    span.ex-gnome-top-title, span.ex-gnome-tiles-title, div.links-norwich-big a, div.links-norwich-small a
    { color: #deddda; }
    a.linkdiv span.desc, div.links .desc, div.links-grid &gt; div.desc, div.links-tile span.desc,
    span.ex-gnome-top-desc, span.ex-gnome-tiles-desc, div.links-norwich-big a .desc, pre.numbered,
    div.quote div.cite { color: #c0bfbc; }
    a, a span.em-bold, a span.gui, a span.guiseq, a span.keyseq, kbd.key-Fn, a kbd, div.links .desc a:hover,
    .ui-expander &gt; div.inner &gt; div.title:hover { color: #78aeed; }
    a:visited { color: #dc8add; }
    aside.sidebar, div.trails, footer, thead td, thead th, tfoot td, tfoot th, div.sectionlinks,
    div.serieslinks, pre.numbered, div.note, div.synopsis &gt; div.inner &gt; div.region &gt; div.contents,
    div.synopsis &gt; div.contents, tr.shade, td.shade, span.cmd, div.ui-overlay &gt; div.inner,
    div.links-norwich-small, div.links-norwich-big, div.links-norwich-big + div.links-norwich-big,
    div.ui-expander-preview.ui-expander-c &gt; div.inner &gt; div.region, span.hi, span.gloss-desc,
    section.ui-expander-preview.ui-expander-c &gt; div.inner &gt; div.region &gt; div.contents
    { background: #303030; }
    tr.shade td.shade, a.linkdiv:hover, ul.links-uix-hover a:hover, div.links-tile &gt; a:hover,
    div.ui-expander-preview.ui-expander-c &gt; div.inner &gt; div.region:hover { background: #383838; }
    section &gt; div.inner &gt; div.hgroup, table, td, th, li.links-head, nav.prevnext &gt; div.inner &gt; *, div.code,
    div.example, div.figure &gt; div.inner, div.screen, kbd, a.ex-gnome-top, a.ex-gnome-tile, dd.gloss-def
    { border-color: #5e5c64; }
    }
    """
}
