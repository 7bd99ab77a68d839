import Foundation
import HelpViewerCore

/// What a person expects of help, step by step (issue 30's randomized session test): the page
/// each step shows, the pages Back and Forward show, the error over a page. Errors are no
/// history entries: Back from one shows the page under it.
///
/// ```swift
/// var model = SessionModel()
/// model.open(SessionModel.Place(book: .tally, page: "counting", section: "adding"))
/// model.follow(to: SessionModel.Place(book: .tally, page: "reset"))
/// model.back()   // counting#adding again
/// ```
struct SessionModel {
  /// The books of the session.
  enum Book: String, CaseIterable {
    /// Tally's installed Mallard help.
    case tally
    /// Another app's installed HTML help (`help:other`).
    case other
    /// A host's own HTML book (`TestBook`).
    case notebook
  }

  /// One page (a results page is `.search?q=WORD`), at a section or not.
  struct Place: Equatable, CustomStringConvertible {
    var book: Book
    var page: String
    var section: String?

    var description: String { "\(book.rawValue)/\(page)" + (section.map { "#\($0)" } ?? "") }

    /// The page's title, as the page sets it.
    var title: String? {
      if page.hasPrefix(".search?q=") {
        return "Search results for “\(page.dropFirst(".search?q=".count))”"
      }
      return SessionModel.titles[book]?[page]
    }
  }

  static let titles: [Book: [String: String]] = [
    .tally: TallyHelp.titles,
    .other: ["index": "Other Help"],
    .notebook: ["index": "Notebook Help Contents", "sync": "Syncing notes", "other": "Other things"],
  ]

  /// Whether a help dialog is open.
  private(set) var isOpen = false
  /// The pages of the open dialog, in order, and the one shown.
  private(set) var history: [Place] = []
  private(set) var index = -1
  /// The error shown (over `current`, when there is one), if any.
  private(set) var error: LoadError.Kind?
  /// Whether the last step asked for a section to show (not Back or Forward, whose scroll is
  /// WebKit's own).
  private(set) var expectsSectionInView = false

  /// The page shown (under the error, if one shows).
  var current: Place? { history.indices.contains(index) ? history[index] : nil }
  var canGoBack: Bool { index > 0 || (error != nil && current != nil) }
  var canGoForward: Bool { error == nil && index < history.count - 1 }

  /// A new dialog showing `place`, or the error `error` with nothing under it.
  mutating func open(_ place: Place?, error: LoadError.Kind? = nil) {
    isOpen = true
    history = place.map { [$0] } ?? []
    index = place == nil ? -1 : 0
    self.error = error
    expectsSectionInView = place?.section != nil
  }

  /// The dialog closed.
  mutating func close() {
    isOpen = false
    history = []
    index = -1
    error = nil
  }

  /// A link, a search or context help in the open dialog led to `place`; the same address as
  /// the page shown makes no new entry.
  mutating func follow(to place: Place) {
    expectsSectionInView = place.section != nil
    error = nil
    if current == place { return }
    history = Array(history.prefix(index + 1)) + [place]
    index = history.count - 1
  }

  /// A link led to a page that fails with `kind`: the error shows over the page.
  mutating func fail(_ kind: LoadError.Kind) {
    error = kind
    expectsSectionInView = false
  }

  /// Back: from an error, the page under it; else the page before.
  mutating func back() {
    expectsSectionInView = false
    if error != nil, current != nil {
      error = nil
      return
    }
    if index > 0 { index -= 1 }
  }

  mutating func forward() {
    expectsSectionInView = false
    if canGoForward { index += 1 }
  }

  /// Nothing new to scroll to (a resize, F1 kept on its page).
  mutating func stay() {
    expectsSectionInView = false
  }
}

/// A reproducible stream of choices (SplitMix64), so a failing session can be replayed from
/// its seed.
struct SessionRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<count`.
  mutating func below(_ count: Int) -> Int { Int(next() % UInt64(max(count, 1))) }

  /// One of `choices`.
  mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}
