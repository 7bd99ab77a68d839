import HelpViewerCGtk

/// A GTK label: text that cannot be edited (`GtkLabel`).
///
/// ```swift
/// let hint = Label()
/// hint.wraps = true
/// hint.text = localized("Read the terms to the end to accept them.")
/// ```
@MainActor
public final class Label: Widget {
  /// A new label showing `text`.
  public init(_ text: String? = nil) {
    super.init(adoptingNew: gtk_label_new(text))
  }

  private var label: OpaquePointer { OpaquePointer(raw) }

  /// The text shown.
  public var text: String {
    get { gtk_label_get_text(label).map { String(cString: $0) } ?? "" }
    set { gtk_label_set_text(label, newValue) }
  }

  /// Whether a text too long for the width breaks into lines (else the label asks for the width).
  public var wraps: Bool {
    get { gtk_label_get_wrap(label) != 0 }
    set { gtk_label_set_wrap(label, newValue ? 1 : 0) }
  }

  /// Where wrapped lines may break.
  public var wrapMode: WrapMode {
    get { WrapMode(gtk_label_get_wrap_mode(label)) }
    set {
      gtk_label_set_wrap_mode(label, newValue.pango)
      gtk_label_set_natural_wrap_mode(label, newValue.natural)
    }
  }

  /// Where the text sits across the label's width: 0 at the start, 1 at the end.
  public var horizontalTextAlignment: Float {
    get { gtk_label_get_xalign(label) }
    set { gtk_label_set_xalign(label, newValue) }
  }

  /// The width the label asks for, in characters, or -1 for its text's own width.
  public var widthInCharacters: Int {
    get { Int(gtk_label_get_width_chars(label)) }
    set { gtk_label_set_width_chars(label, Int32(clamping: newValue)) }
  }

  /// The widest the label asks to be, in characters, or -1 for no limit.
  public var maximumWidthInCharacters: Int {
    get { Int(gtk_label_get_max_width_chars(label)) }
    set { gtk_label_set_max_width_chars(label, Int32(clamping: newValue)) }
  }

  /// Where a text that does not fit is cut and shown with "…" (only for a label that does not
  /// wrap).
  public var ellipsis: Ellipsis {
    get { Ellipsis(gtk_label_get_ellipsize(label)) }
    set { gtk_label_set_ellipsize(label, newValue.pango) }
  }

  /// Whether the text can be selected and copied.
  public var isSelectable: Bool {
    get { gtk_label_get_selectable(label) != 0 }
    set { gtk_label_set_selectable(label, newValue ? 1 : 0) }
  }

  /// Whether the text is kept on one line (line breaks shown as spaces).
  public var isSingleLine: Bool {
    get { gtk_label_get_single_line_mode(label) != 0 }
    set { gtk_label_set_single_line_mode(label, newValue ? 1 : 0) }
  }

  /// Whether the lines of a wrapped text are centred on each other (else lined up at the start).
  public var centersLines: Bool {
    get { gtk_label_get_justify(label) == GTK_JUSTIFY_CENTER }
    set { gtk_label_set_justify(label, newValue ? GTK_JUSTIFY_CENTER : GTK_JUSTIFY_LEFT) }
  }
}

/// Where a wrapping label may break its lines.
public enum WrapMode: Sendable, Equatable {
  /// Between words only.
  case words
  /// Between words, and inside a word too long for a line (a long address, a German compound):
  /// the label's natural width stays that of its words, so it never asks for more than it needs.
  case wordsThenCharacters

  init(_ mode: PangoWrapMode) { self = mode == PANGO_WRAP_WORD_CHAR ? .wordsThenCharacters : .words }

  var pango: PangoWrapMode { self == .words ? PANGO_WRAP_WORD : PANGO_WRAP_WORD_CHAR }

  var natural: GtkNaturalWrapMode { self == .words ? GTK_NATURAL_WRAP_INHERIT : GTK_NATURAL_WRAP_WORD }
}

/// Where a label cuts a text that does not fit, putting "…" in its place.
public enum Ellipsis: Sendable, Equatable {
  /// Nowhere: the label asks for the width its text needs.
  case none
  /// In the middle, keeping both ends (a host name, a path).
  case middle
  /// At the end (a title).
  case end

  init(_ mode: PangoEllipsizeMode) {
    switch mode {
    case PANGO_ELLIPSIZE_MIDDLE: self = .middle
    case PANGO_ELLIPSIZE_END: self = .end
    default: self = .none
    }
  }

  var pango: PangoEllipsizeMode {
    switch self {
    case .none: PANGO_ELLIPSIZE_NONE
    case .middle: PANGO_ELLIPSIZE_MIDDLE
    case .end: PANGO_ELLIPSIZE_END
    }
  }
}
