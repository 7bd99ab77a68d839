/// The sections of a page as a walker (`PageWalker`, `MallardTextWalker`) finds them: the one
/// being read (heading, level, id, and its body so far) and those finished, in page order. A
/// section without heading or text is left out.
///
/// ```swift
/// var collector = SectionCollector()
/// collector.start(heading: "Conflicts", level: 2, id: "conflicts")
/// collector.body.append("The newer wins.")
/// collector.finish()
/// collector.sections   // [Section(id: "conflicts", heading: "Conflicts", level: 2, body: "The newer wins.")]
/// ```
struct SectionCollector {
  private(set) var sections: [PageText.Section] = []
  /// The text of the section being read.
  var body = TextBuffer()
  private var heading = ""
  private var level = 0
  private var id: String?

  /// The section being read: its heading, level and id.
  var current: (heading: String, level: Int, id: String?) { (heading, level, id) }

  /// Finishes the section being read and starts the next.
  mutating func start(heading: String, level: Int, id: String?) {
    finish()
    self.heading = heading
    self.level = level
    self.id = id
  }

  /// Finishes the section being read: the text after it, until the next `start`, is of no
  /// heading (level 0).
  mutating func finish() {
    if !heading.isEmpty || !body.isEmpty {
      sections.append(PageText.Section(id: id, heading: heading, level: level, body: body.text))
    }
    body = TextBuffer()
    heading = ""
    level = 0
    id = nil
  }
}
