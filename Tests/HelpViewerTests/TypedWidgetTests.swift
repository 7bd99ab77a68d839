import HelpViewerCGtk
import HelpViewerGlue
import XCTest

/// The glue's typed widgets: each wrapper owns its widget (in a window or out of it), and its
/// typed properties read back what GTK holds.
final class TypedWidgetTests: GtkTestCase {
  func testAWrapperKeepsItsWidgetAliveAfterTheWindowIsDestroyedAndReleasesItWhenItGoes() throws {
    try onMain {
      var label: Label? = Label("Kept")
      var box: HelpViewerGlue.Box? = HelpViewerGlue.Box(.vertical, spacing: 6)
      let labelWatch = GWeakObject(try XCTUnwrap(label).raw)
      let boxWatch = GWeakObject(try XCTUnwrap(box).raw)
      try XCTUnwrap(box).append(try XCTUnwrap(label))
      let window = showInWindow(try XCTUnwrap(box).widget, title: "Typed widgets")
      waitUntil("the label is on screen") { label?.isMapped == true }
      gtk_window_destroy(window)
      MainLoop.spin(until: { label?.isMapped == false }, timeout: 5)
      XCTAssertEqual(label?.isMapped, false, "its window is gone")
      XCTAssertTrue(labelWatch.isAlive, "the wrapper still holds the label")
      label?.text = "Drawn after the window went"
      XCTAssertEqual(label?.text, "Drawn after the window went")
      label = nil
      XCTAssertTrue(labelWatch.isAlive, "the box still holds it")
      box = nil
      waitUntil("the box and its label are released with their wrappers") {
        !labelWatch.isAlive && !boxWatch.isAlive
      }
    }
  }

  /// GTK owns toplevels: a `Window` watches its window, which `destroy()` finalizes while the
  /// wrapper lives on; every call afterwards does nothing and answers as for no window.
  func testAWindowIsWatchedNotOwnedAndEveryCallAfterItIsGoneDoesNothing() throws {
    try onMain {
      let window = Window()
      let content = Label("Inside")
      window.title = "Watched"
      window.setChild(content)
      window.defaultSize = (400, 300)
      window.addStyleClass("watched")
      window.present()
      waitUntil("the window is on screen") { window.isMapped }
      XCTAssertEqual(window.title, "Watched")
      XCTAssertTrue(window.hasChild(content))
      XCTAssertEqual(window.defaultSize.width, 400)
      XCTAssertTrue(window.styleClasses.contains("watched"))
      XCTAssertNotNil(window.gtkWindow)
      var destroyed = 0
      window.onDestroy { destroyed += 1 }
      window.destroy()
      XCTAssertEqual(destroyed, 1, "destroy is emitted")
      XCTAssertFalse(window.isAlive, "finalized at once: no reference of the wrapper's")
      XCTAssertNil(window.gtkWindow)
      // Every call on a gone window: nothing happens, nothing crashes.
      window.title = "After"
      window.setChild(content)
      window.present()
      window.destroy()
      window.defaultSize = (10, 10)
      window.setFocus(content)
      window.insertActions(nil, as: "dialog")
      window.activateAction("dialog.close")
      XCTAssertNil(window.title)
      XCTAssertFalse(window.hasChild(content))
      XCTAssertFalse(window.isVisible || window.isMapped || window.isActive)
      XCTAssertEqual(window.styleClasses, [])
      XCTAssertEqual(window.laidOutSize.width, 0)
      XCTAssertNil(window.onDestroy {})
      XCTAssertNil(window.addShortcut("Escape") { true })
      XCTAssertNil(window.application)
      XCTAssertEqual(destroyed, 1)
      XCTAssertEqual(content.text, "Inside", "the label's wrapper still holds it")
    }
  }

  func testANewWidgetOutsideAnyTreeIsOwnedByItsWrapperAlone() throws {
    try onMain {
      var button: Button? = Button(iconName: "window-close-symbolic")
      let watch = GWeakObject(try XCTUnwrap(button).raw)
      XCTAssertEqual(g_object_is_floating(try XCTUnwrap(button).raw), 0, "sunk: the wrapper's reference")
      button = nil
      XCTAssertFalse(watch.isAlive, "released with its wrapper, on the main thread at once")
    }
  }

  func testTypedPropertiesReadBackWhatGtkHolds() throws {
    try onMain {
      let label = Label()
      label.wrapMode = .wordsThenCharacters
      XCTAssertEqual(label.wrapMode, .wordsThenCharacters)
      XCTAssertEqual(gtk_label_get_natural_wrap_mode(gcast(label.raw)), GTK_NATURAL_WRAP_WORD)
      label.ellipsis = .middle
      XCTAssertEqual(label.ellipsis, .middle)
      label.centersLines = true
      XCTAssertTrue(label.centersLines)
      for alignment: Alignment in [.fill, .start, .end, .center, .baseline] {
        label.verticalAlignment = alignment
        XCTAssertEqual(label.verticalAlignment, alignment)
      }
      label.tooltip = "Tip"
      XCTAssertEqual(label.tooltip, "Tip")
      label.tooltip = nil
      XCTAssertNil(label.tooltip)

      let entry = SearchEntry(delay: 100)
      entry.placeholder = "Search Help"
      XCTAssertEqual(entry.placeholder, "Search Help", "set through the property GTK 4.8 has no setter for")
      entry.text = "zero"
      XCTAssertEqual(entry.text, "zero")

      let retry = Button(mnemonic: "_Retry")
      XCTAssertEqual(retry.label, "_Retry")
      XCTAssertNil(accessibleLabelMismatch(retry.widget, expected: "Retry"), "read by its words alone")

      let toggle = ToggleButton(iconName: "system-search-symbolic")
      let row = HelpViewerGlue.Box(.horizontal)
      let bar = SearchBar(child: row, entry: SearchEntry(delay: 0))
      bar.bindSearchMode(to: toggle)
      toggle.isActive = true
      XCTAssertTrue(bar.isSearchModeOn, "the toggle opens the bar")
      bar.isSearchModeOn = false
      XCTAssertFalse(toggle.isActive, "closing the bar releases the toggle")
    }
  }
}
