import Foundation
import HelpViewerCore

/// The page that shows search results in the viewer: a heading, then one entry per page: its
/// title, linking to its best matching section, that section's heading and snippet with the
/// matched words highlighted, and its other matching sections behind a `<details>` that says how many
/// there are (those without an address of their own named without a link); or a clear "No
/// results" note. No two links of the list go to the same address. Styled simply, light and dark (`prefers-color-scheme`). Everything from the query and
/// the pages is escaped; the strings are translated (`localized`).
///
/// ```swift
/// let html = SearchResultsPage.html(query: "sync", results: try index.search("sync"), language: index.language)
/// // links go to each result's file URL; a viewer that serves the book itself maps them:
/// let html2 = SearchResultsPage.html(query: "sync", results: results) { BundledAddress.url("help/\($0.pageID).html") }
/// // a corrected query says so, with a link that searches for the words as typed:
/// let html3 = SearchResultsPage.html(
///   query: "bufer", results: answer.results, correctedQuery: answer.correctedQuery,
///   originalLink: "help-viewer://book-1/.search?q=bufer&exact=1")
/// ```
public enum SearchResultsPage {
  /// The page for `results` of `query`. `link` gives each result's address (by default its
  /// `url`); `language` is the page's `lang` (the book's language; `C` means English).
  /// When `correctedQuery` is given, the results are for it: the page says "Showing results for
  /// “correctedQuery”" and, when `originalLink` is given, links to it to search for `query`
  /// as typed.
  public static func html(
    query: String, results: [SearchResult], language: String = "C", correctedQuery: String? = nil,
    originalLink: String? = nil, link: (SearchResult) -> String = { $0.url.absoluteString }
  ) -> String {
    let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
    let shown = correctedQuery?.trimmingCharacters(in: .whitespacesAndNewlines) ?? trimmed
    let title = String(format: localized("Search results for “%@”"), shown)
    var body = "<h1>\(HTMLText.escape(title))</h1>\n"
    if let correctedQuery {
      body += correction(query: trimmed, corrected: correctedQuery, originalLink: originalLink)
    }
    if results.isEmpty {
      // Each `localized` call stands on its own line: xgettext finds none inside an interpolation.
      let none = String(format: localized("No results for “%@”"), trimmed)
      let hint = localized("Check the spelling, or try fewer or other words.")
      body += "<p class=\"none\"><strong>\(HTMLText.escape(none))</strong><br>\(HTMLText.escape(hint))</p>\n"
    } else {
      let count = String(format: localized("%d result", "%d results", count: results.count), results.count)
      body += "<p class=\"count\">\(HTMLText.escape(count))</p>\n<ol>\n"
      for result in results { body += entry(result, link: link) }
      body += "</ol>\n"
    }
    let lang = language == "C" ? "en" : language.replacingOccurrences(of: "_", with: "-")
    return """
      <!DOCTYPE html>
      <html lang="\(HTMLText.escape(lang))">
      <head>
      <meta charset="utf-8">
      <meta name="color-scheme" content="light dark">
      <title>\(HTMLText.escape(title))</title>
      <style>\(style)</style>
      </head>
      <body>
      \(body)</body>
      </html>
      """
  }

  /// One page's entry: its title (a link to its best section), that section's heading and
  /// snippet, its other sections.
  private static func entry(_ result: SearchResult, link: (SearchResult) -> String) -> String {
    let page = link(result.pageOnly)
    let best = link(result)
    var html = "<li><a href=\"\(HTMLText.escape(best))\">\(HTMLText.escape(result.title))</a>"
    if !result.heading.isEmpty, result.heading != result.title {
      html += "<div class=\"section\">\(HTMLText.escape(result.heading))</div>"
    }
    var shown: Set<String> = [page, best]
    var named: Set<[String]> = [[best, result.heading]]
    if !result.snippet.isEmpty { html += "<p>\(result.snippetHTML)</p>" }
    var others: [String] = []
    // A section without an address of its own (no id) is named without a link; a section read
    // in two parts (around a definition list) is named once.
    for section in result.otherSections where !section.heading.isEmpty {
      let address = link(section)
      guard named.insert([address, section.heading]).inserted else { continue }
      let heading = HTMLText.escape(section.heading)
      others.append(
        shown.insert(address).inserted
          ? "<li><a href=\"\(HTMLText.escape(address))\">\(heading)</a></li>" : "<li>\(heading)</li>")
    }
    if !others.isEmpty {
      let more = String(
        format: localized("%d more matching section", "%d more matching sections", count: others.count), others.count)
      html += "<details><summary>\(HTMLText.escape(more))</summary><ul>\(others.joined())</ul></details>"
    }
    return html + "</li>\n"
  }

  /// The note over corrected results, with the link to search for the words as typed.
  private static func correction(query: String, corrected: String, originalLink: String?) -> String {
    let showing = String(format: localized("Showing results for “%@”."), corrected)
    var note = "<p class=\"corrected\" role=\"status\">\(HTMLText.escape(showing))"
    if let originalLink {
      let instead = String(format: localized("Search for “%@” instead"), query)
      note += " <a class=\"original\" href=\"\(HTMLText.escape(originalLink))\">\(HTMLText.escape(instead))</a>"
    }
    return note + "</p>\n"
  }

  static let style = """
    :root { color-scheme: light dark; --fg: #1e1e1e; --bg: #ffffff; --dim: #5e5c64; --link: #1a5fb4;
      --mark: #f8e45c; --mark-fg: #1e1e1e; --line: #deddda; }
    @media (prefers-color-scheme: dark) {
      :root { --fg: #f6f5f4; --bg: #1e1e1e; --dim: #c0bfbc; --link: #99c1f1; --mark: #986a44; --mark-fg: #ffffff;
        --line: #3d3846; }
    }
    body { font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); max-width: 46em;
      margin: 0 auto; padding: 1.5em; }
    h1 { font-size: 1.4em; margin: 0 0 .3em; }
    .count, .section { color: var(--dim); }
    .corrected { margin: 0 0 .6em; }
    .corrected a { color: var(--link); }
    .count { margin: 0 0 1em; }
    ol { list-style: none; padding: 0; margin: 0; }
    li { padding: .7em 0; border-top: 1px solid var(--line); }
    li > a { color: var(--link); font-weight: 600; font-size: 1.05em; text-decoration: none; }
    li a:hover, li a:focus { text-decoration: underline; }
    .section { font-size: .92em; }
    .section a, details a { color: var(--link); text-decoration: none; }
    details { margin: .3em 0 0; font-size: .92em; }
    summary { color: var(--dim); cursor: pointer; }
    details ul { margin: .2em 0 0; padding-left: 1.2em; list-style: disc; }
    details li { padding: .1em 0; border: 0; }
    details li > a { font-weight: normal; font-size: 1em; }
    li p { margin: .3em 0 0; }
    mark { background: var(--mark); color: var(--mark-fg); border-radius: 2px; padding: 0 1px; }
    .none { padding: 1em 0; }
    """
}
