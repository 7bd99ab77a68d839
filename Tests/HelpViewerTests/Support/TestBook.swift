import Foundation

/// A small help book in a temporary folder, removed by `remove()`:
/// `C/index.html` (links to sync and other), `C/sync.html` (a section `conflicts` far down the
/// page), `C/other.html`, `C/style.css`, and the German `de/index.html`, `de/sync.html` (no
/// `other.html`: it falls back to `C/`).
///
/// ```swift
/// let folder = try TestBook.make()
/// defer { TestBook.remove(folder) }
/// let book = try HelpBook(folder: folder, languages: ["C"])
/// ```
enum TestBook {
  static let spacer = "<div style=\"height: 3000px\">top</div>"

  static func make() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hv-book-\(UUID().uuidString)")
    let pages: [String: String] = [
      "C/index.html": page(
        "Notebook Help Contents",
        "<p>Welcome. <a id=\"to-sync\" href=\"sync.html#conflicts\">Sync conflicts</a>, <a href=\"other.html\">Other</a></p>"
      ),
      "C/sync.html": page(
        "Syncing notes",
        "<h1>Syncing notes</h1><p>Notes sync between devices.</p>\(spacer)<h2 id=\"conflicts\">Resolving conflicts</h2><p>When two devices change a note, a conflict copy is kept.</p>"
      ),
      "C/other.html": page("Other things", "<h1>Other things</h1><p>Tags and colours.</p>"),
      "C/style.css": "body { color: rgb(1, 2, 3); }",
      "de/index.html": page(
        "Inhalt der Notizbuch-Hilfe",
        "<p>Willkommen. <a href=\"sync.html\">Abgleich</a> <a href=\"other.html\">Anderes</a></p>"),
      "de/sync.html": page(
        "Notizen abgleichen",
        "<h1>Notizen abgleichen</h1>\(spacer)<h2 id=\"conflicts\">Konflikte lösen</h2><p>Ein Konflikt bleibt als Kopie erhalten.</p>"
      ),
    ]
    for (path, text) in pages {
      let file = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: file)
    }
    return root
  }

  static func page(_ title: String, _ body: String) -> String {
    "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>\(title)</title><link rel=\"stylesheet\" href=\"style.css\"></head><body>\(body)</body></html>"
  }

  static func remove(_ root: URL) { try? FileManager.default.removeItem(at: root) }
}
