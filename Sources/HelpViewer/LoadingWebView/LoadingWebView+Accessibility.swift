import HelpViewerCore
import HelpViewerGlue

extension LoadingWebView {
  /// Tells assistive technologies what the viewer shows: busy while a load runs (the spinner
  /// and progress bar say "Loading"), and the error view, an alert, labelled with the error.
  func renderAccessibility(_ state: LoadState) {
    parts.root.setAccessibleBusy(state.isLoading)
    parts.page.setAccessibleBusy(state.isLoading)
  }

  /// After a load ends, puts the keyboard focus on the page when it loaded, or on Retry when it
  /// failed; only when the focus is inside the viewer already or nowhere in its window, so a
  /// viewer never takes the focus from the host's other widgets (or from the dialog's header).
  /// Whether the keyboard focus is inside the viewer.
  var ownsFocus: Bool { parts.root.containsFocus }

  /// Whether the keyboard focus is inside the viewer, or nowhere in its window.
  var ownsFocusOrNobodyHasIt: Bool { parts.root.isInWindowWithoutFocus || ownsFocus }

  /// Gives the keyboard focus to Retry when the load failed, else to the page (or its text).
  func takeFocus() {
    if state.error != nil {
      errorView.focus()
    } else if isShowingText {
      textView.scroll(toBlock: 0, focus: true)
    } else {
      parts.page.grabFocus()
    }
  }

  /// Takes the keyboard focus off the web view before the error view covers it, so that no
  /// hidden widget keeps it: a web view left focused under the error view while Retry was
  /// shown and hidden again (three `help:` errors after a page, in one main-loop turn) was kept
  /// alive by GTK after its window was destroyed, and its web process with it (issue 21). The
  /// focus goes to the error view right after (`settleFocus`), or stays nowhere.
  func releaseHiddenFocus() { parts.page.releaseFocus() }

  func settleFocus(_ state: LoadState, previous: LoadPhase) {
    let viewer = parts.root
    guard state.phase.name != previous.name, viewer.containsFocus || viewer.isInWindowWithoutFocus else { return }
    switch state.phase {
    case .loaded: if !isShowingText { parts.page.grabFocus() }  // The text: once read.
    case .failed: errorView.focus()
    default: break
    }
  }
}

extension LoadingWebView {
  /// Lets Tab leave the page. WebKitGTK 2.50 on GTK 4 keeps a focusable `GtkTextView` inside
  /// the web view (its key-binding translator's helper); when Tab leaves the page's last link,
  /// GTK moves the focus into that helper, which keeps every further Tab. Made unfocusable, the
  /// focus goes on to the next control of the window instead. Typing into the page's fields
  /// is unaffected (WebKit gives the helper key events directly, not through the focus).
  func releaseFocusTrap() { parts.page.makeChildrenUnfocusable(ofType: "GtkTextView") }
}
