import Foundation

/// A small real help book in a temporary folder: `C/` with five pages and `de/` with two, with
/// headings and ids in the usual forms, accented words, and a page of hostile markup.
///
/// ```swift
/// let folder = try TestBook.make()
/// defer { folder.remove() }
/// let book = try HelpBook(folder: folder.url, languages: ["de"])
/// ```
enum TestBook {
  static func page(_ title: String, _ body: String) -> String {
    """
    <!DOCTYPE html>
    <html><head><meta charset="utf-8"><title>\(title)</title>
    <style>body { color: stylewordonly; }</style></head>
    <body>
    <nav><a href="index.html">Navwordonly home</a></nav>
    \(body)
    <footer>Footerwordonly copyright</footer>
    </body></html>
    """
  }

  static func make() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write(
      "C/index.html",
      page(
        "Example Help",
        """
        <h1>Welcome to Example</h1>
        <p>Start with <a href="sync.html">syncing</a> or the <a href="api.html">API</a>.</p>
        """))
    try folder.write(
      "C/sync.html",
      page(
        "Syncing Files",
        """
        <h1>Syncing Files</h1>
        <p>Example keeps your files in step across devices.</p>
        <h2 id="conflicts">Conflicts</h2>
        <p>When two devices change one file, Example keeps both copies.</p>
        <a id="offline"></a>
        <h2>Working offline</h2>
        <p>Changes wait until the network is back.</p>
        <section id="resume"><h3>Résumé of changes</h3>
        <p>The résumé lists every change since the last sync, with its café and naïve details.</p></section>
        """))
    try folder.write(
      "C/kiwi.html",
      page("Kiwi", "<p>One short paragraph.</p>"))
    try folder.write(
      "C/fruit.html",
      page(
        "Fruit",
        """
        <h2 id="tropical">Tropical kiwi varieties</h2><p>Some grow in warm places.</p>
        <h2 id="other">Other fruit</h2>
        <p>Apples, pears and a kiwi or two: the kiwi is small, and kiwi skin is fuzzy.</p>
        """))
    try folder.write(
      "C/api.html",
      page(
        "API Reference",
        """
        <h2><code>fs.readFileSync(path)</code><span><a class="mark" href="#readfilesync" id="readfilesync">#</a></span></h2>
        <p>Reads the whole file at once. Use it for small files only.</p>
        <h2 id="markup">Markup in text</h2>
        <p>Write &lt;angle&gt; brackets &amp; ampersands as entities; quotes "like this" and 'these'.</p>
        """))
    try folder.write(
      "C/hostile.html",
      """
      <html><head><title>Hostile</title><script>var secretscriptword = "<h2>Fake</h2>";</script></head>
      <body><header class="banner">Bannerwordonly</header>
      <div role="navigation">Rolenavwordonly</div><div class="toc">Tocwordonly</div>
      <p hidden>Hiddenwordonly</p><noscript>Noscriptwordonly</noscript><template>Templatewordonly</template>
      <article><header><h2 id="kept">Kept heading</h2></header><p>Visiblewordonly text.
      <script>document.write("injectedwordonly")</script>
      <div><p>unclosed <b>bold <i>italic</div> brokenwordonly <h3 id=broken>Broken heading<p>after
      """)
    try folder.write(
      "de/index.html",
      page("Beispiel-Hilfe", "<h1>Willkommen bei Example</h1><p>Fangen Sie mit dem Abgleich an.</p>"))
    try folder.write(
      "de/sync.html",
      page(
        "Dateien abgleichen",
        """
        <h1>Dateien abgleichen</h1>
        <h2 id="conflicts">Konflikte</h2>
        <p>Wenn zwei Geräte eine Datei ändern, behält Example beide Fassungen.</p>
        """))
    return folder
  }
}
