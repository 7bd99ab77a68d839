import HelpViewerCore
import HelpViewerGlue

/// The find-in-page bar over the top of the page: a search entry, previous and next buttons,
/// the match count ("3 matches", "No results") and a close button.
///
/// It only shows `FindState`; `LoadingWebView+Find` does the searching.
@MainActor
final class FindBar {
  let root = Box(.horizontal, spacing: 6)
  let entry = SearchEntry(delay: 100)
  let previousButton = FindBar.iconButton("go-up-symbolic", tooltip: localized("Previous match (Shift+Enter)"))
  let nextButton = FindBar.iconButton("go-down-symbolic", tooltip: localized("Next match (Enter)"))
  let closeButton = FindBar.iconButton("window-close-symbolic", tooltip: localized("Close the find bar (Esc)"))
  let countLabel = Label()
  private let navigation = Box(.horizontal)
  /// Whether WebKit has a search going (highlights shown); `search_finish` ends it.
  var searchActive = false
  /// The texts of `count_matches` calls whose `counted-matches` has not arrived yet, in order.
  var pendingCounts: [String] = []

  init() {
    root.addStyleClass("help-viewer-find")
    root.horizontalAlignment = .end
    root.verticalAlignment = .start

    // Narrow dialogs (300 px) still fit the whole bar; wide ones give the entry room.
    entry.widthInCharacters = 6
    entry.maximumWidthInCharacters = 22
    entry.expandsHorizontally = true
    entry.setAccessibleLabel(localized("Find in page"))
    entry.tooltip = localized("Find in page")

    countLabel.addStyleClass("dim-label")
    countLabel.ellipsis = .end
    countLabel.maximumWidthInCharacters = 12
    countLabel.horizontalTextAlignment = 0

    closeButton.addStyleClass("flat")
    navigation.addStyleClass("linked")
    navigation.append(previousButton)
    navigation.append(nextButton)

    for child: Widget in [entry, navigation, countLabel, closeButton] { root.append(child) }
    root.isVisible = false
  }

  /// Shows `state`: visible or not, the count, and the entry marked when nothing matches.
  func render(_ state: FindState) {
    root.isVisible = state.isShown
    countLabel.text = state.summary
    if state.noResults {
      entry.addStyleClass("error")
    } else {
      entry.removeStyleClass("error")
    }
    let canStep = !state.text.isEmpty && !state.noResults
    previousButton.isSensitive = canStep
    nextButton.isSensitive = canStep
  }

  /// The entry's text.
  var text: String { entry.text }

  /// The count label's text (for tests and accessibility).
  var summary: String { countLabel.text }

  private static func iconButton(_ icon: String, tooltip: String) -> Button {
    let button = Button(iconName: icon)
    button.tooltip = tooltip
    button.setAccessibleLabel(tooltip)
    return button
  }
}
