import HelpViewerCGtk
import HelpViewerCore

/// A page's text (`PageOutline`) as native GTK widgets that GTK itself exposes to screen
/// readers: headings with their level, paragraphs, lists of items, links and the page's
/// buttons, in reading order, in a scrolled window.
///
/// GTK before 4.14 cannot graft WebKit's accessibility tree in (a `WebKitWebView` is a leaf
/// there); this view is what a screen reader reads instead. Headings, paragraphs and items are
/// selectable labels (they take the focus, so Tab reads them and scrolls the view); a link is
/// a button with the role link.
///
/// ```swift
/// let text = TextPageView()
/// text.onActivate = { block in follow(block) }
/// text.show(outline)
/// ```
@MainActor
public final class TextPageView {
  /// The scrolled window to put in a layout.
  public let root: GObjectRef
  /// Called when a person activates a link or button block.
  public var onActivate: ((TextBlock) -> Void)?
  /// Called each time the view's end comes into view (or the text fits without scrolling).
  public var onEndReached: (() -> Void)?
  /// The outline shown, if any.
  public private(set) var outline: PageOutline?
  /// The widget of each block of `outline`, in order.
  public private(set) var blockWidgets: [UnsafeMutablePointer<GtkWidget>] = []
  /// The message shown instead of a page, if any (`showMessage`).
  public private(set) var message: String?

  private let signals = SignalBag()
  /// The connection to the window's `focus-widget` while mapped, and the reveal it asked for.
  private var focusSignal: SignalConnection?
  private var pendingReveal: TimeoutSource?
  /// The box holding the blocks now (inside the viewport).
  private var content: UnsafeMutablePointer<GtkWidget>?
  private var highlighted: [Int] = []

  public init() {
    let scrolled: UnsafeMutablePointer<GtkWidget> = gtk_scrolled_window_new()
    root = GObjectRef(sinking: scrolled)
    gtk_scrolled_window_set_policy(gcast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_widget_set_hexpand(scrolled, 1)
    gtk_widget_set_vexpand(scrolled, 1)
    gtk_widget_add_css_class(scrolled, "help-viewer-text")
    if let adjustment = gtk_scrolled_window_get_vadjustment(gcast(scrolled)) {
      let raw = UnsafeMutableRawPointer(adjustment)
      signals += connectVoidSignal(raw, "value-changed") { [weak self] in self?.checkEnd() }
      signals += connectVoidSignal(raw, "changed") { [weak self] in self?.checkEnd() }
    }
    followFocus()
  }

  /// On the main thread: the widgets and the window's signal are GTK's.
  isolated deinit { focusSignal?.disconnect() }

  /// Shows `outline`'s blocks, replacing what was shown, scrolled to the top.
  public func show(_ outline: PageOutline) {
    self.outline = outline
    message = nil
    highlighted = []
    let content = newContent()
    blockWidgets = []
    var list: UnsafeMutablePointer<GtkWidget>?
    for (index, block) in outline.blocks.enumerated() {
      let widget = makeWidget(block, index: index)
      blockWidgets.append(widget)
      if block.isInList {
        let box: UnsafeMutablePointer<GtkWidget> = list ?? gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        if list == nil {
          box.setAccessibleRole(GTK_ACCESSIBLE_ROLE_LIST)
          gtk_box_append(gcast(content), box)
          list = box
        }
        gtk_box_append(gcast(box), widget)
      } else {
        list = nil
        gtk_box_append(gcast(content), widget)
      }
    }
    setContent(content)
  }

  /// Shows nothing (a new page is on its way).
  public func clear() {
    outline = nil
    message = nil
    blockWidgets = []
    highlighted = []
    setContent(newContent())
  }

  /// Shows `title` and `text` instead of a page (as an alert: the viewer's error).
  public func showMessage(title: String, text: String) {
    outline = nil
    message = title
    blockWidgets = []
    let content = newContent()
    let heading = Self.label(title, selectable: true)
    heading.setAccessibleRole(GTK_ACCESSIBLE_ROLE_HEADING)
    heading.setAccessibleLevel(1)
    gtk_widget_add_css_class(heading, "title-2")
    let body = Self.label(text, selectable: true)
    gtk_box_append(gcast(content), heading)
    gtk_box_append(gcast(content), body)
    setContent(content)
  }

  /// Scrolls `index`'s block into view, and gives it the keyboard focus when `focus`.
  public func scroll(toBlock index: Int, focus: Bool) {
    guard blockWidgets.indices.contains(index) else { return }
    let widget = blockWidgets[index]
    if focus {
      gtk_widget_grab_focus(widget)  // The view scrolls to the focus (`followFocus`).
      // A label selects all its text as it takes the focus: nothing was selected by a person.
      if isInstance(widget, of: gtk_label_get_type()) { gtk_label_select_region(gcast(widget), 0, 0) }
    } else {
      scrollTo(widget)
    }
  }

  /// Marks the blocks at `indexes` as matches of find in page.
  public func highlight(_ indexes: [Int]) {
    for index in highlighted where blockWidgets.indices.contains(index) {
      gtk_widget_remove_css_class(blockWidgets[index], "help-viewer-text-match")
    }
    highlighted = indexes.filter { blockWidgets.indices.contains($0) }
    for index in highlighted { gtk_widget_add_css_class(blockWidgets[index], "help-viewer-text-match") }
  }

  /// Whether the end of the text is in view: all of its last block (or the text fits without
  /// scrolling), once laid out.
  public var isAtEnd: Bool {
    guard let adjustment = gtk_scrolled_window_get_vadjustment(gcast(root.widget)) else { return false }
    let upper = gtk_adjustment_get_upper(adjustment)
    let page = gtk_adjustment_get_page_size(adjustment)
    let value = gtk_adjustment_get_value(adjustment)
    guard page > 0, gtk_widget_get_mapped(root.widget) != 0 else { return false }
    if value + page >= upper - 1 { return true }
    var x = 0.0
    var y = 0.0
    guard let last = blockWidgets.last, let content,
      gtk_widget_translate_coordinates(last, content, 0, 0, &x, &y) != 0
    else { return false }
    return y + Double(gtk_widget_get_height(last)) <= value + page + 1
  }

  /// Scrolls to the end of the text (the End key of a web page).
  public func scrollToEnd() {
    guard let adjustment = gtk_scrolled_window_get_vadjustment(gcast(root.widget)) else { return }
    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
  }

  private func checkEnd() {
    if outline != nil, isAtEnd { onEndReached?() }
  }

  private func scrollTo(_ widget: UnsafeMutablePointer<GtkWidget>) {
    guard let adjustment = gtk_scrolled_window_get_vadjustment(gcast(root.widget)), let content else { return }
    var x = 0.0
    var y = 0.0
    if gtk_widget_translate_coordinates(widget, content, 0, 0, &x, &y) != 0 {
      gtk_adjustment_set_value(adjustment, y)
    }
  }

  private func newContent() -> UnsafeMutablePointer<GtkWidget> {
    let content: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10)
    for set in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start] {
      set(content, 18)
    }
    gtk_widget_set_margin_end(content, 18)
    return content
  }

  private func setContent(_ content: UnsafeMutablePointer<GtkWidget>) {
    // The focus leaves the blocks before they go: GTK 4.8 kept the window's focus on a block of
    // the text replaced, and the next grab of the focus met a freed widget (a Gtk-CRITICAL in
    // gtk_widget_is_ancestor under grab_focus, caught with G_DEBUG=fatal-criticals).
    if let window = gtk_widget_get_root(root.widget), let focus = gtk_root_get_focus(window),
      focus == root.widget || gtk_widget_is_ancestor(focus, root.widget) != 0
    {
      gtk_root_set_focus(window, nil)
    }
    // A viewport of its own, that scrolls to the block with the focus (Tab, find).
    let viewport: UnsafeMutablePointer<GtkWidget> = gtk_viewport_new(nil, nil)
    gtk_viewport_set_scroll_to_focus(gcast(viewport), 1)
    gtk_viewport_set_child(gcast(viewport), content)
    self.content = content
    gtk_scrolled_window_set_child(gcast(root.widget), viewport)
    if let adjustment = gtk_scrolled_window_get_vadjustment(gcast(root.widget)) {
      gtk_adjustment_set_value(adjustment, 0)
    }
  }

  private func makeWidget(_ block: TextBlock, index: Int) -> UnsafeMutablePointer<GtkWidget> {
    switch block.kind {
    case .heading(let level):
      let label = Self.label(block.text, selectable: true)
      label.setAccessibleRole(GTK_ACCESSIBLE_ROLE_HEADING)
      label.setAccessibleLevel(level)
      gtk_widget_add_css_class(label, level <= 4 ? "title-\(level)" : "heading")
      return label
    case .paragraph:
      return Self.label(block.text, selectable: true)
    case .listItem(let depth):
      let label = Self.label("•  " + block.text, selectable: true)
      label.setAccessibleRole(GTK_ACCESSIBLE_ROLE_LIST_ITEM)
      label.setAccessibleLabel(block.text)
      gtk_widget_set_margin_start(label, Int32(12 * depth))
      return label
    case .link(let address, _):
      let button = makeButton(block, role: GTK_ACCESSIBLE_ROLE_LINK)
      gtk_widget_add_css_class(button, "link")
      gtk_widget_set_tooltip_text(button, address)
      if let depth = block.listDepth { gtk_widget_set_margin_start(button, Int32(12 * (depth - 1))) }
      return button
    case .button:
      return makeButton(block, role: GTK_ACCESSIBLE_ROLE_BUTTON)
    }
  }

  private func makeButton(_ block: TextBlock, role: GtkAccessibleRole) -> UnsafeMutablePointer<GtkWidget> {
    let button: UnsafeMutablePointer<GtkWidget> = gtk_button_new_with_label(block.text)
    button.setAccessibleRole(role)
    button.setAccessibleLabel(block.text)
    gtk_widget_set_halign(button, GTK_ALIGN_START)
    if let child = gtk_button_get_child(gcast(button)) {
      gtk_label_set_wrap(gcast(child), 1)
      gtk_label_set_xalign(gcast(child), 0)
    }
    gtk_button_set_has_frame(gcast(button), role == GTK_ACCESSIBLE_ROLE_LINK ? 0 : 1)
    let typed: UnsafeMutablePointer<GtkButton> = gcast(button)
    // The handler dies with the button (its closure is freed with the connection).
    typed.connectClicked { [weak self] in self?.onActivate?(block) }
    return button
  }

  /// Scrolls the block that gets the keyboard focus into view (Tab, a screen reader's moves),
  /// following the window's focus while the view is mapped: GTK 4.8's viewport scrolls only in
  /// an active window, and a block can get the focus in one that is not (`grab_focus`).
  private func followFocus() {
    signals += connectVoidSignal(root.raw, "map") { [weak self] in
      guard let self, let window = gtk_widget_get_root(self.root.widget) else { return }
      self.focusSignal?.disconnect()
      // Read on the next turn: the notification may come while the widget that had the focus
      // is being destroyed.
      self.focusSignal = connectNotify(UnsafeMutableRawPointer(window), property: "focus-widget") { [weak self] in
        self?.pendingReveal = TimeoutSource(seconds: 0) { [weak self] in self?.revealFocus() }
      }
    }
    signals += connectVoidSignal(root.raw, "unmap") { [weak self] in
      self?.focusSignal?.disconnect()
      self?.focusSignal = nil
    }
  }

  /// Reveals the block that has the focus of the view's window, if one has it.
  private func revealFocus() {
    guard let window = gtk_widget_get_root(root.widget), let focus = gtk_root_get_focus(window) else { return }
    if let block = blockWidgets.first(where: { $0 == focus || gtk_widget_is_ancestor(focus, $0) != 0 }) {
      reveal(block)
    }
  }

  /// Scrolls as little as needed to show all of `widget` (its top when it is taller than the view).
  private func reveal(_ widget: UnsafeMutablePointer<GtkWidget>) {
    guard let adjustment = gtk_scrolled_window_get_vadjustment(gcast(root.widget)), let content else { return }
    var x = 0.0
    var y = 0.0
    guard gtk_widget_translate_coordinates(widget, content, 0, 0, &x, &y) != 0 else { return }
    let height = Double(gtk_widget_get_height(widget))
    let value = gtk_adjustment_get_value(adjustment)
    let page = gtk_adjustment_get_page_size(adjustment)
    guard page > 0 else {
      // Not laid out yet (the text just came): once it is.
      pendingReveal = TimeoutSource(seconds: 0.05) { [weak self] in self?.revealFocus() }
      return
    }
    if y < value || height > page {
      gtk_adjustment_set_value(adjustment, y)
    } else if y + height > value + page {
      gtk_adjustment_set_value(adjustment, y + height - page)
    }
  }

  private static func label(_ text: String, selectable: Bool) -> UnsafeMutablePointer<GtkWidget> {
    let label: UnsafeMutablePointer<GtkWidget> = gtk_label_new(text)
    gtk_label_set_wrap(gcast(label), 1)
    gtk_label_set_wrap_mode(gcast(label), PANGO_WRAP_WORD_CHAR)
    gtk_label_set_xalign(gcast(label), 0)
    gtk_label_set_selectable(gcast(label), selectable ? 1 : 0)
    return label
  }
}
