import Foundation
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerGlue
import XCTest

@testable import HelpViewer
@testable import HelpViewerBooks

/// Drives real help dialogs through a random sequence of what people do, and checks after
/// each step what a person would expect (`SessionModel`): issue 30's randomized session test.
///
/// The host is Tally (`TallyHelp`, Mallard, with another app's HTML help beside it) with +
/// and − tagged for context help, and a host HTML book (`TestBook`). Steps: context help (F1
/// on a tagged or untagged widget, and inside help), a book or a topic, a `help:` address;
/// links to a section, another page, another app's help, a missing page; Back and Forward by
/// keys and buttons; search and its first result; Esc and close; a parent resize; Retry; and,
/// between dialogs, kept (reused) windows on or off.
///
/// ```swift
/// let walker = try SessionWalker(seed: 42)
/// defer { walker.finish() }
/// walker.run(steps: 200)   // XCTFail with the seed and the steps to replay on a failure
/// ```
@MainActor
final class SessionWalker {
  let seed: UInt64
  var random: SessionRandom
  var model = SessionModel()
  let help: TallyHelp
  let notebookFolder: URL
  let tally: HelpBook
  let notebook: HelpBook
  let host: UnsafeMutablePointer<GtkWindow>
  private let plus: UnsafeMutablePointer<GtkWidget>
  private let minus: UnsafeMutablePointer<GtkWidget>
  private let entry: UnsafeMutablePointer<GtkWidget>
  var dialog: HelpDialog?
  /// The steps so far, for the replay note of a failure.
  private(set) var steps: [String] = []
  var failed = false
  /// The process's XDG variables before the session (restored by `finish()`).
  private let savedEnvironment: [String: String?]

  init(seed: UInt64) throws {
    self.seed = seed
    random = SessionRandom(seed: seed)
    help = try TallyHelp()
    // help: links in pages resolve in the process's environment, as in an app: Tally's help
    // is installed there for the session.
    savedEnvironment = help.environment.mapValues { _ in nil }.merging(
      Dictionary(uniqueKeysWithValues: help.environment.keys.map { ($0, ProcessInfo.processInfo.environment[$0]) }),
      uniquingKeysWith: { $1 })
    for (name, value) in help.environment { setenv(name, value, 1) }
    notebookFolder = try TestBook.make()
    tally = try HelpBook.installed(app: "tally", environment: help.environment, languages: ["C"])
    notebook = try HelpBook(folder: notebookFolder, languages: ["C"])
    plus = gtk_button_new_with_label("+")
    minus = gtk_button_new_with_label("−")
    entry = gtk_entry_new()
    HelpTopics.tag(UnsafeMutableRawPointer(plus), topic: "counting", section: "adding")
    HelpTopics.tag(UnsafeMutableRawPointer(minus), topic: "counting", section: "removing")
    let box: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
    for widget in [plus, minus, entry] { gtk_box_append(gcast(box), widget) }
    host = showInWindow(box, title: "Tally")
    gtk_window_set_default_size(host, 900, 700)
    HelpTopics.installHelpKey(in: UnsafeMutableRawPointer(host), book: tally)
  }

  /// Closes what is open and removes the books.
  func finish() {
    for (name, value) in savedEnvironment {
      if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }
    dialog?.close()
    gtk_window_destroy(host)
    help.remove()
    TestBook.remove(notebookFolder)
  }

  /// Runs `count` steps, checking after each; stops at the first failure.
  func run(steps count: Int) {
    for _ in 0..<count where !failed {
      step()
      check()
    }
  }

  // MARK: - Steps

  private func step() {
    var choices: [(String, () throws -> Void)] = [("resize the parent", resizeParent)]
    if let dialog, model.isOpen {
      choices += [
        ("follow a link", { try self.followLink(in: dialog) }),
        ("back", { try self.back(in: dialog) }), ("forward", { try self.forward(in: dialog) }),
        ("search", { self.search(in: dialog) }), ("Esc", { try self.escape(dialog) }),
        ("close", { self.close(dialog) }), ("F1 inside help", { try self.contextHelpInside(dialog) }),
        ("follow a link", { try self.followLink(in: dialog) }), ("back", { try self.back(in: dialog) }),
      ]
      if model.error != nil, gtk_widget_get_visible(gcast(dialog.viewer.errorView.retryButton)) != 0 {
        choices.append(("Retry", { self.retry(dialog) }))
      }
      if model.current?.page.hasPrefix(".search") == true, model.error == nil {
        choices.append(("open the first result", { self.openFirstResult(in: dialog) }))
      }
    } else {
      choices += [
        ("F1", contextHelp), ("F1", contextHelp), ("open a topic", openTopic), ("open a help: address", openAddress),
        ("switch reuse", switchReuse),
      ]
    }
    let (name, action) = random.pick(choices)
    let noted = steps.count
    do {
      try action()
    } catch {
      fail("\(name) threw \(error)")
    }
    if steps.count == noted { note(name) }
  }

  private func note(_ text: String) { steps.append(text) }

  private func contextHelp() throws {
    let (widget, place): (UnsafeMutablePointer<GtkWidget>, SessionModel.Place) = random.pick([
      (plus, .init(book: .tally, page: "counting", section: "adding")),
      (minus, .init(book: .tally, page: "counting", section: "removing")),
      (entry, .init(book: .tally, page: "index")),
    ])
    note("F1 for \(place)")
    gtk_widget_grab_focus(widget)
    try pressKeys("F1", in: host)
    waitUntil("F1 opened help", timeout: 5) { OpenHelpDialogs.showing(self.tally) != nil }
    dialog = OpenHelpDialogs.showing(tally)
    model.open(place)
  }

  private func openTopic() throws {
    let (topic, section, place): (String, String?, SessionModel.Place) = random.pick([
      ("sync", "conflicts", .init(book: .notebook, page: "sync", section: "conflicts")),
      ("other", nil, .init(book: .notebook, page: "other")),
      ("no-such-topic", nil, .init(book: .notebook, page: "index")),
      ("reset", nil, .init(book: .tally, page: "reset")),
    ])
    note("open topic \(topic)\(section.map { "#\($0)" } ?? "")")
    let book = place.book == .tally ? tally : notebook
    dialog = HelpDialog.present(topic: topic, section: section, in: book, over: host)
    model.open(place)
  }

  private func openAddress() throws {
    let (address, place, error): (String, SessionModel.Place?, LoadError.Kind?) = random.pick([
      ("help:tally/counting#removing", .init(book: .tally, page: "counting", section: "removing"), nil),
      ("help:tally/about", .init(book: .tally, page: "about"), nil),
      ("help:other", .init(book: .other, page: "index"), nil),
      ("help:no-such-app", nil, .helpNotFound),
    ])
    note("open \(address)")
    let opened = HelpDialog(title: "Help", over: host)
    opened.present()
    opened.load(helpAddress: address, environment: help.environment, languages: ["C"])
    dialog = opened
    model.open(place, error: error)
  }

  private func switchReuse() {
    HelpViewerEngine.reusesDialogWindows.toggle()
    note("kept windows \(HelpViewerEngine.reusesDialogWindows ? "on" : "off")")
  }

  private func resizeParent() {
    let (width, height) = random.pick([(1200, 900), (560, 420), (900, 700), (700, 1000)])
    note("resize the parent to \(width)×\(height)")
    gtk_window_set_default_size(host, Int32(width), Int32(height))
    // As a person resizes: one size, laid out, then the next (two requests within a moment
    // race in the X server: GTK may take the older one's answer as the size).
    MainLoop.spin(
      until: {
        gtk_widget_get_width(gcast(self.host)) == width && gtk_widget_get_height(gcast(self.host)) == height
      }, timeout: 2)
    model.stay()
  }

  private func followLink(in dialog: HelpDialog) throws {
    guard model.error == nil, let current = model.current else {
      note("follow a link: none on an error page")
      return
    }
    let hrefs =
      evaluate(
        "Array.from(document.querySelectorAll('a[href]')).map(a => a.getAttribute('href')).join('\\n')",
        in: dialog.viewer.webView)?.split(separator: "\n").map(String.init) ?? []
    let targets: [(String, LinkTarget)] = hrefs.compactMap { href in
      self.target(of: href, from: current).map { (href, $0) }
    }
    guard !targets.isEmpty else {
      note("follow a link: none on \(current)")
      return
    }
    let (href, leadsTo) = random.pick(targets)
    note("follow the link \(href)")
    _ = evaluate(
      "document.querySelector('a[href=\"\(href)\"]').click(); 'ok'", in: dialog.viewer.webView)
    switch leadsTo {
    case .page(let place): model.follow(to: place)
    case .error(let kind): model.fail(kind)
    }
  }

  /// What a link leads to.
  private enum LinkTarget {
    case page(SessionModel.Place)
    case error(LoadError.Kind)
  }

  /// Where `href` on `page` leads: a page, or the error it fails with; `nil` for links the
  /// session leaves alone (outside the books, the page's own scripts).
  private func target(of href: String, from page: SessionModel.Place) -> LinkTarget? {
    if href.hasPrefix("help:") {
      let rest = href.dropFirst(5)
      let address = rest.split(separator: "#", maxSplits: 1).map(String.init)
      let parts = address[0].split(separator: "/").map(String.init)
      guard let app = parts.first.flatMap(SessionModel.Book.init(rawValue:)), app != .notebook else { return nil }
      let id = parts.count > 1 ? parts[1] : "index"
      return .page(SessionModel.Place(book: app, page: id, section: address.count > 1 ? address[1] : nil))
    }
    guard !href.contains(":"), !href.hasPrefix("/") else { return nil }
    let address = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let section = address.count > 1 && !address[1].isEmpty ? address[1] : nil
    if address[0].isEmpty {
      return section.map { .page(SessionModel.Place(book: page.book, page: page.page, section: $0)) }
    }
    guard address[0].hasSuffix(".html"), !address[0].contains("/") else { return nil }
    let id = String(address[0].dropLast(5))
    guard SessionModel.titles[page.book]?[id] != nil else { return .error(.pageNotFound) }
    return .page(SessionModel.Place(book: page.book, page: id, section: section))
  }

  private func back(in dialog: HelpDialog) throws {
    let byKey = random.below(2) == 0
    note("back (\(byKey ? "Alt+Left" : "button"))")
    if byKey {
      try pressKeys("alt+Left", in: dialog.gtkWindow)
    } else if gtk_widget_get_sensitive(gcast(dialog.header.backButton)) != 0 {
      gtk_widget_activate(gcast(dialog.header.backButton))
    }
    model.back()
  }

  private func forward(in dialog: HelpDialog) throws {
    let byKey = random.below(2) == 0
    note("forward (\(byKey ? "Alt+Right" : "button"))")
    if byKey {
      try pressKeys("alt+Right", in: dialog.gtkWindow)
    } else if gtk_widget_get_sensitive(gcast(dialog.header.forwardButton)) != 0 {
      gtk_widget_activate(gcast(dialog.header.forwardButton))
    }
    model.forward()
  }

  private func search(in dialog: HelpDialog) {
    guard let book = model.current?.book, model.error == nil || model.current != nil else {
      note("search: no book shown")
      return
    }
    // Words other than the entry's: typing what is there already changes nothing.
    let typed = dialog.bookSupport?.search.text ?? ""
    let word = random.pick(["zero", "count", "conflict", "tags"].filter { $0 != typed })
    note("search \(word)")
    // Ctrl+K opens the bar; the word goes in as typed text would. A person reads the results
    // before the next step: the entry's search (after its short delay) is handled by then.
    _ = dialog.openSearch(word)
    waitUntil("the search for \(word) handled", timeout: 5) { dialog.bookSupport?.searchedText == word }
    model.follow(to: .init(book: book, page: ".search?q=\(word)"))
  }

  private func openFirstResult(in dialog: HelpDialog) {
    let href = evaluate("(document.querySelector('li > a')||{}).href||''", in: dialog.viewer.webView) ?? ""
    guard let url = URLComponents(string: href), let book = bookName(ofHost: url.host),
      let id = url.path.split(separator: "/").last.map({ String($0.dropLast(5)) })
    else {
      note("open the first result: none")
      model.stay()
      return
    }
    note("open the first result \(href)")
    _ = evaluate("document.querySelector('li > a').click(); 'ok'", in: dialog.viewer.webView)
    model.follow(to: .init(book: book, page: id, section: url.fragment))
  }

  private func escape(_ dialog: HelpDialog) throws {
    let closes = !dialog.isSearchOpen
    note(closes ? "Esc" : "Esc (closes the search bar)")
    try pressKeys("Escape", in: dialog.gtkWindow)
    if closes {
      waitUntil("Esc closed help", timeout: 5) { !dialog.isOpen }
      model.close()
      self.dialog = nil
    } else {
      waitUntil("Esc closed the search bar", timeout: 5) { !dialog.isSearchOpen }
      model.stay()
    }
  }

  private func close(_ dialog: HelpDialog) {
    gtk_widget_activate(gcast(dialog.header.closeButton))
    waitUntil("the close button closed help", timeout: 5) { !dialog.isOpen }
    model.close()
    self.dialog = nil
  }

  /// The app's F1 while the help has the focus (in a `GtkApplication` the dialog joins, the
  /// app's `app.help` reaches it): the help stays on its page, no second window.
  private func contextHelpInside(_ dialog: HelpDialog) throws {
    try focus(dialog.gtkWindow)
    let shown = HelpDialog.presentContextHelp(in: tally, over: host)
    if shown !== dialog { fail("F1 inside help opened another dialog") }
    model.stay()
  }

  private func retry(_ dialog: HelpDialog) {
    gtk_widget_activate(gcast(dialog.viewer.errorView.retryButton))
    model.stay()
  }
}
