import HelpViewerCore
import Testing

/// The text view's model: the page script's JSON read into blocks, checked and cleaned.
@Suite struct PageOutlineTests {
  @Test func theScriptsAnswerBecomesBlocksInOrder() throws {
    let outline = try PageOutline(
      json: """
        {"title": " Sync  ", "url": "bundled://help/sync.html", "generation": 3, "blocks": [
          {"k": "h", "t": "Sync\\n your notes", "l": 1, "a": ["top"]},
          {"k": "p", "t": "Notes sync when online."},
          {"k": "li", "t": "Open the menu", "d": 1},
          {"k": "li", "t": "Choose Sync", "d": 2},
          {"k": "a", "t": "Conflicts", "h": "bundled://help/sync.html#conflicts", "i": 0},
          {"k": "a", "t": "Share", "h": "bundled://help/share.html", "i": 2, "d": 1},
          {"k": "b", "t": "Show more", "i": 1}
        ]}
        """)
    #expect(outline.title == "Sync")
    #expect(outline.address == "bundled://help/sync.html")
    #expect(outline.generation == 3)
    #expect(
      outline.blocks == [
        TextBlock(.heading(level: 1), "Sync your notes", anchors: ["top"]),
        TextBlock(.paragraph, "Notes sync when online."),
        TextBlock(.listItem(depth: 1), "Open the menu"),
        TextBlock(.listItem(depth: 2), "Choose Sync"),
        TextBlock(.link(address: "bundled://help/sync.html#conflicts", target: 0), "Conflicts"),
        TextBlock(.link(address: "bundled://help/share.html", target: 2), "Share", listDepth: 1),
        TextBlock(.button(target: 1), "Show more"),
      ])
    #expect(outline.blocks.map(\.isActivatable) == [false, false, false, false, true, true, true])
    #expect(outline.blocks.map(\.target) == [nil, nil, nil, nil, 0, 2, 1])
    #expect(outline.blocks.map(\.isInList) == [false, false, true, true, false, true, false])
    #expect(!outline.isCut)
  }

  @Test func emptyBlocksGoAndTheirAnchorsMoveOn() throws {
    let outline = try PageOutline(
      json: """
        {"blocks": [{"k": "p", "t": "  ", "a": ["conflicts"]}, {"k": "h", "t": "Conflicts", "l": 9},
          {"k": "a", "t": "", "h": "https://example.com/", "i": 4}, {"k": "a", "t": "no address", "i": 5},
          {"k": "b", "t": "", "i": 6}, {"k": "zz", "t": "unknown"}, {"k": "h", "t": "Low", "l": -2}]}
        """)
    #expect(
      outline.blocks == [
        TextBlock(.heading(level: 6), "Conflicts", anchors: ["conflicts"]),
        TextBlock(.link(address: "https://example.com/", target: 4), "https://example.com/"),
        TextBlock(.heading(level: 1), "Low"),
      ])
    #expect(outline.title == "")
  }

  @Test func whatIsNotAnOutlineIsAClearError() {
    for bad in ["", "null", "[1, 2]", "{\"title\": \"x\"}", "{\"blocks\": [{\"t\": 1}]}", "{"] {
      #expect(throws: PageOutline.ReadError.self, "\(bad)") { try PageOutline(json: bad) }
    }
  }

  @Test func aLongPageIsCutAtTheLimit() throws {
    let block = "{\"k\": \"p\", \"t\": \"words\"}"
    let json =
      "{\"blocks\": [" + Array(repeating: block, count: PageOutline.maxBlocks + 1).joined(separator: ",") + "]}"
    let outline = try PageOutline(json: json)
    #expect(outline.blocks.count == PageOutline.maxBlocks)
    #expect(outline.isCut)
    let long = try PageOutline(
      json: "{\"blocks\": [{\"k\": \"p\", \"t\": \"\(String(repeating: "a", count: 30_000))\"}]}")
    #expect(long.blocks.first?.text.count == PageOutline.maxTextLength)
  }

  @Test func findMatchesBlocksIgnoringCaseAndAccents() {
    let outline = PageOutline(
      title: "", address: "",
      blocks: [
        TextBlock(.paragraph, "Café sync"), TextBlock(.heading(level: 2), "Other"), TextBlock(.paragraph, "SYNC"),
      ])
    #expect(outline.blocksMatching("sync") == [0, 2])
    #expect(outline.blocksMatching("cafe") == [0])
    #expect(outline.blocksMatching("  ") == [])
    #expect(outline.blocksMatching("absent") == [])
    #expect(outline.matchCount("sync") == 2)
    #expect(outline.matchCount("c") == 3, "case and accents ignored: Café, sync, SYNC")
    #expect(outline.matchCount("") == 0)
  }

  @Test func aSectionAddressFindsItsBlock() {
    let outline = PageOutline(
      title: "", address: "",
      blocks: [
        TextBlock(.paragraph, "a", anchors: ["top"]), TextBlock(.heading(level: 2), "b", anchors: ["x y", "b"]),
      ])
    #expect(outline.blockIndex(forSectionOf: "help://a/page#b") == 1)
    #expect(outline.blockIndex(forSectionOf: "help://a/page#x%20y") == 1)
    #expect(outline.blockIndex(forSectionOf: "help://a/page#top") == 0)
    #expect(outline.blockIndex(forSectionOf: "help://a/page#missing") == nil)
    #expect(outline.blockIndex(forSectionOf: "help://a/page") == nil)
    #expect(outline.blockIndex(forSectionOf: "help://a/page#") == nil)
  }

  @Test func activationNamesTheGenerationAndTarget() {
    let script = PageOutline.activationScript(generation: 7, target: 12)
    #expect(script.hasSuffix("})(7, 12)"))
    #expect(PageOutline.script.contains("JSON.stringify"))
  }
}
