import HelpViewerCore
import HelpViewerGlue

/// Help search in a dialog's header, GNOME's search pattern: a toggle button in the header bar
/// (`system-search-symbolic`) and, below the header, a search bar with a search entry and a
/// spinner shown while the book's index builds.
///
/// It only holds the widgets; `HelpDialog+Search` does the searching. It owns each widget it
/// touches, so a late change (an index that finishes building after the dialog's window was
/// destroyed) writes into live, unparented widgets, never freed ones.
///
/// ```swift
/// let search = HelpSearch()
/// header.bar.packEnd(search.toggle)
/// search.isOpen = true   // Ctrl+K
/// ```
@MainActor
final class HelpSearch {
  /// The header's toggle button.
  let toggle = ToggleButton(iconName: "system-search-symbolic")
  /// The search bar (put it above the page).
  let bar: SearchBar
  let entry = SearchEntry(delay: 200)
  /// Spins while the index builds.
  let spinner = Spinner()
  private let row = Box(.horizontal, spacing: 6)

  init() {
    toggle.tooltip = localized("Search Help (Ctrl+K)")
    toggle.setAccessibleLabel(localized("Search Help"))

    entry.expandsHorizontally = true
    entry.maximumWidthInCharacters = 40
    entry.placeholder = localized("Search Help")
    entry.setAccessibleLabel(localized("Search Help"))
    spinner.isVisible = false
    spinner.tooltip = localized("Preparing search…")

    row.append(entry)
    row.append(spinner)
    bar = SearchBar(child: row, entry: entry)
    bar.bindSearchMode(to: toggle)
  }

  /// Whether the search bar shows.
  var isOpen: Bool {
    get { bar.isSearchModeOn }
    set { bar.isSearchModeOn = newValue }
  }

  /// The entry's text.
  var text: String {
    get { entry.text }
    set { entry.text = newValue }
  }

  /// Puts the keyboard focus in the entry without selecting what was typed.
  func focusEntry() { entry.focusWithoutSelecting() }

  /// Called when `isBuilding` changes (for tests: the sequence of states).
  var onBuildingChange: ((Bool) -> Void)?

  /// Whether the index is building: the spinner spins and the entry says so.
  var isBuilding = false {
    didSet {
      guard isBuilding != oldValue else { return }
      onBuildingChange?(isBuilding)
      spinner.isVisible = isBuilding
      spinner.isSpinning = isBuilding
      let description = isBuilding ? localized("Preparing search…") : ""
      entry.setAccessibleDescription(description)
      entry.tooltip = isBuilding ? description : nil
    }
  }
}
