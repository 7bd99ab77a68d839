import Foundation
import HelpViewerCore
import Testing

@testable import HelpViewerBooks

/// Hostile Mallard pages (the lesson of Yelp's CVE-2025-3155): nothing outside the book is read,
/// and nothing hangs or crashes.
@Suite struct MallardSecurityTests {
  /// A secret outside the book, and a book whose page `hostile` has `body` after its title.
  struct HostileBook {
    let folder: TemporaryFolder
    let secret: URL
    let book: HelpBook

    init(_ body: (_ secret: String) -> String, prolog: (_ secret: String) -> String = { _ in "" }) throws {
      folder = try TemporaryFolder()
      secret = try folder.write("outside/secret.txt", "TOP-SECRET-\(UUID().uuidString)")
      try folder.write(
        "book/C/index.page",
        """
        <page xmlns="http://projectmallard.org/1.0/" type="guide" id="index"><title>Index</title></page>
        """)
      try folder.write(
        "book/C/hostile.page",
        """
        <?xml version="1.0"?>
        \(prolog(secret.path))
        <page xmlns="http://projectmallard.org/1.0/" xmlns:xi="http://www.w3.org/2001/XInclude" type="topic" id="hostile">
        <title>Hostile</title>
        \(body(secret.path))
        <p>After.</p>
        </page>
        """)
      book = try HelpBook(folder: folder.url.appendingPathComponent("book"), languages: [])
    }

    var secretText: String { (try? String(contentsOf: secret, encoding: .utf8)) ?? "?" }

    /// The page rendered (or the error), and whether the secret (or `/etc/passwd`) leaked.
    func render() -> (html: String?, error: LoadError?) {
      do {
        return (String(decoding: try book.page(id: "hostile").html(), as: UTF8.self), nil)
      } catch {
        return (nil, error)
      }
    }

    func leaked(_ html: String?) -> Bool {
      guard let html else { return false }
      return html.contains(secretText) || html.contains("root:x:0:0")
    }
  }

  static var hasYelpXSL: Bool { MallardBookTests.hasYelpXSL }

  @Test(.enabled(if: hasYelpXSL)) func xincludeOfAFileOutsideTheBookReadsNothing() throws {
    for target in ["/etc/passwd", "SECRET", "../../outside/secret.txt", "file:///etc/passwd"] {
      for parse in ["text", "xml"] {
        let book = try HostileBook { secret in
          let href = target == "SECRET" ? secret : target
          return #"<p><xi:include href="\#(href)" parse="\#(parse)"/></p>"#
        }
        defer { book.folder.remove() }
        let leaked = book.leaked(book.render().html)
        #expect(!leaked, "\(target) \(parse)")
      }
    }
  }

  @Test(.enabled(if: hasYelpXSL)) func externalEntitiesReadNothing() throws {
    for target in ["/etc/passwd", "SECRET", "http://127.0.0.1:9/x"] {
      let book = try HostileBook(
        { _ in "<p>&leak;</p>" },
        prolog: { secret in
          #"<!DOCTYPE page [<!ENTITY leak SYSTEM "\#(target == "SECRET" ? "file://" + secret : target)">]>"#
        })
      defer { book.folder.remove() }
      let leaked = book.leaked(book.render().html)
      #expect(!leaked, "\(target)")
    }
  }

  @Test(.enabled(if: hasYelpXSL)) func billionLaughsEndsQuickly() throws {
    var entities = #"<!ENTITY lol "lol">"#
    for level in 1...10 {
      let previous = level == 1 ? "lol" : "lol\(level - 1)"
      entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
    }
    let book = try HostileBook({ _ in "<p>&lol10;</p>" }, prolog: { _ in "<!DOCTYPE page [\(entities)]>" })
    defer { book.folder.remove() }
    let start = Date()
    let (html, error) = book.render()
    #expect(Date().timeIntervalSince(start) < 10)
    #expect((html?.count ?? 0) < 5_000_000)
    #expect(html != nil || error?.kind == .invalidPage, "\(String(describing: error))")
  }

  @Test func documentFunctionOfAnotherFileReadsNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let inside = try folder.write("book/C/inside.xml", "<x>INSIDE</x>")
    let secret = try folder.write("outside/secret.xml", "<x>TOP-SECRET</x>")
    func read(_ address: String) -> String? {
      let stylesheet = """
        <xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform" version="1.0">
        <xsl:output method="text"/>
        <xsl:template match="/">[<xsl:value-of select="document('\(address)')"/>]</xsl:template>
        </xsl:stylesheet>
        """
      return XSLTransform.run(stylesheet: stylesheet, on: "<a/>", allowing: [folder.url.appendingPathComponent("book")])
    }
    #expect(read(inside.absoluteString) == "[INSIDE]", "the book's own files can be read")
    for address in [
      secret.absoluteString, secret.path, "file:///etc/passwd", "/etc/passwd",
      folder.url.appendingPathComponent("book/C/../../outside/secret.xml").path, "http://127.0.0.1:9/x.xml",
    ] {
      let text = read(address)
      #expect(text?.contains("TOP-SECRET") != true && text?.contains("root:") != true, "\(address): \(text ?? "nil")")
    }
    #expect(ReadConfinement.permits("/etc/passwd"), "outside a render, nothing is confined")
  }

  @Test(.enabled(if: hasYelpXSL)) func aNamedPipeIsNeverReadFrom() throws {
    let book = try HostileBook { _ in #"<p><xi:include href="pipe.xml" parse="text"/></p>"# }
    defer { book.folder.remove() }
    let pipe = book.folder.url.appendingPathComponent("book/C/pipe.xml").path
    #expect(mkfifo(pipe, 0o600) == 0)
    #expect(book.render().html?.contains("After.") == true, "the include is dropped; the page shows")
    #expect(mkfifo(book.folder.url.appendingPathComponent("book/C/fifo.page").path, 0o600) == 0)
    let error = #expect(throws: LoadError.self) { try book.book.page(id: "fifo").html() }
    #expect(error?.kind == .cannotShowContent)
    // A book with a pipe among its pages from the start still shows its other pages.
    let other = try TemporaryFolder()
    defer { other.remove() }
    try other.write(
      "C/index.page", #"<page xmlns="http://projectmallard.org/1.0/" id="index"><title>Fine</title></page>"#)
    #expect(mkfifo(other.url.appendingPathComponent("C/pipe.page").path, 0o600) == 0)
    let fresh = try HelpBook(folder: other.url, languages: [])
    #expect(String(decoding: try fresh.indexPage().html(), as: UTF8.self).contains("<title>Fine</title>"))
  }

  @Test(.enabled(if: hasYelpXSL)) func brokenPagesAreErrorsNotCrashes() throws {
    for text in ["", "<page", "<html><body>not mallard</body></html>", "\u{0}\u{1}binary"] {
      let folder = try TemporaryFolder()
      defer { folder.remove() }
      try folder.write("C/index.page", text)
      let book = try HelpBook(folder: folder.url, languages: [])
      do {
        _ = try book.indexPage().html()
      } catch {
        #expect(error.kind == .invalidPage, "\(text): \(error)")
        // Where the page is wrong, for whoever fixes it: the file, and a line and column.
        #expect(error.details?.contains("index.page") == true, "\(text): \(error)")
      }
    }
  }
}
