import Foundation

/// The demo's command line.
struct DemoOptions: Equatable {
  enum Page: String { case help, terms }

  var show: Page?
  var open: String?
  var embedded = false
  /// Prefer the dark theme (GTK's `gtk-application-prefer-dark-theme`), pages included.
  var dark = false
  var screenshot: String?
  var report = false
  var timeout: Double = 30
  /// The viewer's own load timeout (`LoadingWebView.timeout`).
  var loadTimeout: Double = 30
  /// Text to find in the page once it settles (the find bar opens with it).
  var find: String?
  /// Take the screenshot and report while the page is still loading (spinner showing), not
  /// once it settles.
  var whileLoading = false
  /// A folder used as the help book (with or without language folders).
  var book: String?
  /// A topic of the book to open: `PAGE` or `PAGE#SECTION`.
  var topic: String?
  /// Text to search the help book for once the dialog settles.
  var search: String?
  /// Keep the notes in memory only, and no terms receipt (automated runs always do).
  var inMemory = false
  /// Forget the kept terms receipt: the terms are asked for at start again.
  var forgetTerms = false

  /// Whether the demo runs by itself and exits once the page settles.
  var isAutomated: Bool { screenshot != nil || report }

  static let usage = """
    Usage: help-viewer-demo [--show help|terms | --open URL] [--embedded] [--dark]
                            [--screenshot PATH] [--report] [--timeout SECONDS] [--find TEXT]
                            [--while-loading] [--book DIR [--topic ID[#SECTION]]] [--search TEXT]
                            [--in-memory] [--forget-terms]

      --show help|terms   open Notebook's help or terms page at start (exit 4 when its
                          pages are not installed, with --report after a JSON failure)
      --open URL          open any URL or local file path at start
      --embedded          show the page in the window's embedded pane, not in a dialog
      --dark              prefer the dark theme: the app, the viewer and the bundled pages
      --screenshot PATH   once the page settles, save a PNG of the window showing it and exit
      --report            once the page settles, print one JSON line and exit 0
      --timeout SECONDS   with --report/--screenshot: exit 3 when nothing settles in time (30)
      --load-timeout SECONDS  the viewer's own load timeout: a slower page fails as timedOut (30)
      --find TEXT         once the page settles, open the find bar and search for TEXT
                          (--report then includes the number of matches)
      --while-loading     with --report/--screenshot: act while the page is still loading
                          (the spinner showing), not once it settles
      --book DIR          use DIR as the help book (C/, de/, … folders or pages directly) and
                          open its index page in the help dialog (exit 4 when DIR is no folder)
      --topic ID[#SECTION]  with --book: open that page of the book at that section
      --search TEXT       once the book's page settles, search the book for TEXT in the dialog
                          (--report then lists the first 10 results, best first, and the
                          correctedQuery when a misspelt word was corrected); works with
                          --show help, --book and --open help:APP
      --in-memory         keep the notes in memory and no terms receipt (nothing is written;
                          --report and --screenshot always keep notes in memory)
      --forget-terms      forget the accepted terms (the receipt in $XDG_CONFIG_HOME/notebook/),
                          so they are asked for at start again (not in automated runs:
                          --report and --screenshot show the terms only with --show terms)

    Notebook keeps its notes in $XDG_DATA_HOME/notebook/notes.json (~/.local/share) and asks
    for its terms on first launch (not in automated runs).
    """

  /// The notes file in `folders`, or `nil` (in memory) with `--in-memory` or in an automated run.
  func notesFile(in folders: XDGFolders) -> URL? { inMemory || isAutomated ? nil : folders.notes }

  /// The terms receipt's file in `folders`, or `nil` (none kept) with `--in-memory`.
  func receiptFile(in folders: XDGFolders) -> TermsReceiptFile? {
    inMemory ? nil : TermsReceiptFile(url: folders.termsReceipt)
  }

  /// Parses `arguments` (without the program name); throws a message for people.
  static func parse(_ arguments: [String]) throws(UsageError) -> DemoOptions {
    var options = DemoOptions()
    var rest = arguments[...]
    func value(for flag: String) throws(UsageError) -> String {
      guard let next = rest.popFirst() else { throw UsageError("\(flag) needs a value") }
      return next
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--show":
        let name = try value(for: argument)
        guard let page = Page(rawValue: name) else { throw UsageError("--show takes help or terms, not “\(name)”") }
        options.show = page
      case "--open": options.open = try value(for: argument)
      case "--embedded": options.embedded = true
      case "--dark": options.dark = true
      case "--screenshot": options.screenshot = try value(for: argument)
      case "--report": options.report = true
      case "--timeout": options.timeout = try seconds(try value(for: argument), for: argument)
      case "--load-timeout": options.loadTimeout = try seconds(try value(for: argument), for: argument)
      case "--find": options.find = try value(for: argument)
      case "--while-loading": options.whileLoading = true
      case "--book": options.book = try value(for: argument)
      case "--topic": options.topic = try value(for: argument)
      case "--search": options.search = try value(for: argument)
      case "--in-memory": options.inMemory = true
      case "--forget-terms": options.forgetTerms = true
      case "--help", "-h": throw UsageError(nil)
      default: throw UsageError("unknown option “\(argument)”")
      }
    }
    let targets = [options.show != nil, options.open != nil, options.book != nil].filter { $0 }.count
    if targets > 1 { throw UsageError("give one of --show, --open and --book") }
    if options.isAutomated && targets == 0 {
      throw UsageError("--report and --screenshot need --show, --open or --book")
    }
    if options.topic != nil && options.book == nil { throw UsageError("--topic goes with --book") }
    if let topic = options.topic, topic.isEmpty || topic.hasPrefix("#") {
      throw UsageError("--topic takes a page id, as in sync or sync#conflicts")
    }
    if options.search != nil && options.book == nil && options.show != .help
      && !(options.open?.lowercased().hasPrefix("help:") ?? false)
    {
      throw UsageError("--search needs a help book: --show help, --book DIR or --open help:APP")
    }
    if options.search != nil && options.embedded { throw UsageError("--search is in the dialog: leave out --embedded") }
    if options.search != nil && options.whileLoading { throw UsageError("--search needs a loaded page") }
    if options.whileLoading && !options.isAutomated {
      throw UsageError("--while-loading goes with --report or --screenshot")
    }
    if options.whileLoading && options.find != nil {
      throw UsageError("--find needs a loaded page: give it without --while-loading")
    }
    return options
  }
}

private func seconds(_ text: String, for flag: String) throws(UsageError) -> Double {
  guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
    throw UsageError("\(flag) takes a number of seconds above 0, not “\(text)”")
  }
  return seconds
}

/// A command-line mistake; `nil` message means `--help` was asked for.
struct UsageError: Error {
  let message: String?
  init(_ message: String?) { self.message = message }
}
