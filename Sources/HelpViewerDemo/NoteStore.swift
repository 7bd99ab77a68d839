import Foundation

/// One note: its text (the first line is its title) and when it last changed.
struct Note: Codable, Equatable, Identifiable {
  var id = UUID()
  var text = ""
  var modified = Date()

  /// The first non-empty line, or `nil` for an empty note (shown as "Untitled Note").
  ///
  /// ```swift
  /// Note(text: "\nShopping\nmilk").title   // "Shopping"
  /// ```
  var title: String? {
    text.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingCharacters(in: .whitespaces) }
      .first { !$0.isEmpty }
  }
}

/// Notebook's notes, newest first, kept in a JSON file (`XDGFolders.notes`) or, with `file`
/// `nil`, in memory only (`--in-memory`, automated runs, tests). A file that cannot be read
/// starts an empty notebook and is left as it is until the first change.
///
/// ```swift
/// let store = NoteStore(file: XDGFolders().notes)
/// let note = store.add()
/// store.update(note.id, text: "Shopping\nmilk")
/// store.notes.first?.title   // "Shopping"
/// ```
@MainActor
final class NoteStore {
  /// Where the notes are saved; `nil` in memory.
  let file: URL?
  private(set) var notes: [Note] = []
  /// The last save's error, if it failed (shown in the window's status line).
  private(set) var saveError: (any Error)?

  init(file: URL?) {
    self.file = file
    if let file, let data = try? Data(contentsOf: file) {
      notes = (try? JSONDecoder.notes.decode([Note].self, from: data)) ?? []
    }
  }

  /// Adds an empty note at the top and saves; returns it.
  @discardableResult
  func add(text: String = "") -> Note {
    let note = Note(text: text)
    notes.insert(note, at: 0)
    save()
    return note
  }

  /// Sets the text of note `id` and saves; nothing when there is no such note or the text is
  /// the same.
  func update(_ id: UUID, text: String) {
    guard let index = notes.firstIndex(where: { $0.id == id }), notes[index].text != text else { return }
    notes[index].text = text
    notes[index].modified = Date()
    save()
  }

  /// Removes note `id` and saves.
  func remove(_ id: UUID) {
    notes.removeAll { $0.id == id }
    save()
  }

  /// Writes the notes to `file` (atomically, creating its folder); nothing in memory.
  func save() {
    guard let file else { return }
    do {
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try JSONEncoder.notes.encode(notes).write(to: file, options: .atomic)
      saveError = nil
    } catch {
      saveError = error
    }
  }
}

extension JSONEncoder {
  /// Notes as saved: sorted keys, ISO 8601 dates, readable.
  static var notes: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }
}

extension JSONDecoder {
  /// Notes as saved (`JSONEncoder.notes`).
  static var notes: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
