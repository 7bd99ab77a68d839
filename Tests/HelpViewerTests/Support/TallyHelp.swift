import Foundation

/// The help of a small counter app, "Tally", installed as GNOME installs help
/// (`DATA/help/{C,de}/tally/`, Mallard) in a temporary XDG data folder, with an HTML app
/// `other` beside it: what a GNOME developer writes (issue 30). Pages: `index` (a guide),
/// `counting` (sections `adding` and `removing`, far apart, so a section scrolled to shows),
/// `reset`, `about`; `other/index.html` links back to `help:tally/counting#removing`.
///
/// ```swift
/// let help = try TallyHelp()
/// defer { help.remove() }
/// dialog.load(helpAddress: "help:tally/counting#adding", environment: help.environment)
/// ```
struct TallyHelp {
  let data: URL
  var environment: [String: String] { ["XDG_DATA_HOME": data.path, "XDG_DATA_DIRS": "/nonexistent"] }

  static let titles = ["index": "Tally Help", "counting": "Counting", "reset": "Start again", "about": "About Tally"]

  init() throws {
    data = FileManager.default.temporaryDirectory.appendingPathComponent("hv-tally-\(UUID().uuidString)")
    let filler = (1...60).map { "<p>Line \($0) of the counting page.</p>" }.joined()
    let pages: [String: String] = [
      "help/C/tally/index.page": Self.page(
        "index", type: "guide", title: "Tally Help",
        "<p>Tally counts things.</p><links type=\"topic\"/>"),
      "help/C/tally/counting.page": Self.page(
        "counting", title: "Counting",
        """
        <p>Count with the buttons. See <link xref="reset">starting again</link>, \
        <link xref="gone">an old page</link>, <link href="help:other">other help</link>.</p>\(filler)
        <section id="adding"><title>Adding one</title><p>Press + to add one to the count.</p>\(filler)</section>
        <section id="removing"><title>Removing one</title><p>Press − to take one away. It never goes below zero.</p>\(filler)</section>
        """),
      "help/C/tally/reset.page": Self.page(
        "reset", title: "Start again",
        "<p>Choose Reset to count from zero. <link xref=\"counting#adding\">Adding</link>.</p>"),
      "help/C/tally/about.page": Self.page("about", title: "About Tally", "<p>Tally 1.0.</p>"),
      "help/de/tally/index.page": Self.page(
        "index", type: "guide", title: "Tally-Hilfe", "<p>Tally zählt Dinge.</p><links type=\"topic\"/>"),
      "help/C/other/index.html": TestBook.page(
        "Other Help",
        "<h1>Other Help</h1><p><a id=\"back-to-tally\" href=\"help:tally/counting#removing\">Tally</a></p>"),
    ]
    for (path, text) in pages {
      let file = data.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
  }

  static func page(_ id: String, type: String = "topic", title: String, _ body: String) -> String {
    let guide = type == "topic" ? "<info><link type=\"guide\" xref=\"index\"/><desc>\(title).</desc></info>" : ""
    return """
      <?xml version="1.0" encoding="utf-8"?>
      <page xmlns="http://projectmallard.org/1.0/" type="\(type)" id="\(id)">\(guide)<title>\(title)</title>\(body)</page>
      """
  }

  func remove() { try? FileManager.default.removeItem(at: data) }
}
