import Foundation
import HelpViewer
import HelpViewerCGtk
import HelpViewerDemoContent
import HelpViewerGlue

/// Notebook's notes side by side: the list of notes (newest first, each shown by its title)
/// and the editor of the selected one. Typing saves the note (`NoteStore`).
///
/// ```swift
/// let panel = NotesPanel(store: NoteStore(file: nil))
/// gtk_stack_add_titled(stack, panel.widget, "notes", "Notes")
/// panel.newNote()   // an empty note, selected, the editor focused
/// ```
@MainActor
final class NotesPanel {
  let store: NoteStore
  /// The panel: a `GtkPaned`, the list at the start, the editor at the end.
  let widget: UnsafeMutablePointer<GtkWidget>
  /// The `GtkListBox` of notes, one row (a label) per note in `store.notes`' order.
  let list: OpaquePointer
  /// The `GtkTextView` of the selected note (insensitive while none is selected).
  let editor: UnsafeMutablePointer<GtkWidget>
  /// The note the editor shows.
  private(set) var selectedID: UUID?
  private var labels: [UnsafeMutablePointer<GtkWidget>] = []
  private var isFillingEditor = false
  private let signals = SignalBag()

  init(store: NoteStore) {
    self.store = store
    widget = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL)!
    list = gcast(gtk_list_box_new()!)
    gtk_list_box_set_selection_mode(list, GTK_SELECTION_SINGLE)
    gtk_widget_add_css_class(gcast(list), "navigation-sidebar")
    let listScroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(gcast(listScroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(gcast(listScroller), gcast(list))
    gtk_widget_set_size_request(listScroller, 200, -1)
    HelpTopics.tag(UnsafeMutableRawPointer(list), topic: "getting-started")

    editor = gtk_text_view_new()!
    gtk_text_view_set_wrap_mode(gcast(editor), GTK_WRAP_WORD_CHAR)
    gtk_text_view_set_left_margin(gcast(editor), 12)
    gtk_text_view_set_right_margin(gcast(editor), 12)
    gtk_text_view_set_top_margin(gcast(editor), 12)
    gtk_text_view_set_bottom_margin(gcast(editor), 12)
    gtk_widget_set_sensitive(editor, 0)
    editor.setAccessibleLabel(notebookLocalized("Note"))
    HelpTopics.tag(UnsafeMutableRawPointer(editor), topic: "writing-notes")
    let editorScroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(gcast(editorScroller), editor)
    gtk_widget_set_hexpand(editorScroller, 1)

    gtk_paned_set_start_child(gcast(widget), listScroller)
    gtk_paned_set_end_child(gcast(widget), editorScroller)
    gtk_paned_set_shrink_start_child(gcast(widget), 0)
    gtk_paned_set_resize_start_child(gcast(widget), 0)
    gtk_paned_set_position(gcast(widget), 220)
    gtk_widget_set_vexpand(widget, 1)

    for note in store.notes { appendRow(for: note) }
    signals += connectVoidSignal(UnsafeMutableRawPointer(list), "selected-rows-changed") { [weak self] in
      self?.selectionChanged()
    }
    signals += connectVoidSignal(UnsafeMutableRawPointer(buffer), "changed") { [weak self] in self?.textChanged() }
    if let first = gtk_list_box_get_row_at_index(list, 0) { gtk_list_box_select_row(list, first) }
  }

  /// The titles the list shows, top to bottom.
  var listedTitles: [String] {
    labels.map { gtk_label_get_text(gcast($0)).map { String(cString: $0) } ?? "" }
  }

  /// Adds an empty note at the top, selects it and puts the focus in the editor.
  func newNote() {
    let note = store.add()
    let label = makeLabel(for: note)
    gtk_list_box_prepend(list, label)
    labels.insert(label, at: 0)
    if let row = gtk_list_box_get_row_at_index(list, 0) { gtk_list_box_select_row(list, row) }
    gtk_widget_grab_focus(editor)
  }

  /// Removes the selected note and selects the one that took its place.
  func deleteSelected() {
    guard let id = selectedID, let index = store.notes.firstIndex(where: { $0.id == id }),
      let row = gtk_list_box_get_row_at_index(list, Int32(index))
    else { return }
    store.remove(id)
    labels.remove(at: index)
    gtk_list_box_remove(list, gcast(row))
    let next = gtk_list_box_get_row_at_index(list, Int32(min(index, labels.count - 1)))
    gtk_list_box_select_row(list, next)
    if next == nil { selectionChanged() }
  }

  private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(gcast(editor)) }

  private var editorText: String {
    var start = GtkTextIter()
    var end = GtkTextIter()
    gtk_text_buffer_get_bounds(buffer, &start, &end)
    guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
    defer { g_free(text) }
    return String(cString: text)
  }

  private func selectionChanged() {
    let row = gtk_list_box_get_selected_row(list)
    let index = row.map { Int(gtk_list_box_row_get_index($0)) }
    let note = index.flatMap { store.notes.indices.contains($0) ? store.notes[$0] : nil }
    selectedID = note?.id
    isFillingEditor = true
    gtk_text_buffer_set_text(buffer, note?.text ?? "", -1)
    isFillingEditor = false
    gtk_widget_set_sensitive(editor, note == nil ? 0 : 1)
  }

  private func textChanged() {
    guard !isFillingEditor, let id = selectedID else { return }
    store.update(id, text: editorText)
    if let index = store.notes.firstIndex(where: { $0.id == id }), labels.indices.contains(index) {
      gtk_label_set_text(gcast(labels[index]), Self.title(of: store.notes[index]))
    }
  }

  private func appendRow(for note: Note) {
    let label = makeLabel(for: note)
    gtk_list_box_append(list, label)
    labels.append(label)
  }

  private func makeLabel(for note: Note) -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new(Self.title(of: note))!
    gtk_label_set_xalign(gcast(label), 0)
    gtk_label_set_ellipsize(gcast(label), PANGO_ELLIPSIZE_END)
    for set in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { set(label, 6) }
    for set in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { set(label, 6) }
    return label
  }

  /// What the list shows for `note`: its title, or "Untitled Note".
  static func title(of note: Note) -> String { note.title ?? notebookLocalized("Untitled Note") }
}
