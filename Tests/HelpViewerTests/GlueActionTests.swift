import HelpViewerCGtk
import HelpViewerGlue
import XCTest

/// The glue's action group and key controllers, on real widgets.
final class GlueActionTests: GtkTestCase {
  func testActionGroupRunsEnabledActionsOnly() {
    onMain {
      let box: UnsafeMutablePointer<GtkWidget> = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
      let window = showInWindow(box, title: "Actions")
      defer { gtk_window_destroy(window) }
      let actions = ActionGroup()
      var runs = 0
      actions.add("go") { runs += 1 }
      actions.insert(into: box, as: "test")
      XCTAssertTrue(actions.isEnabled("go"))
      XCTAssertEqual(gtk_widget_activate_action_variant(box, "test.go", nil), 1)
      XCTAssertEqual(runs, 1)
      actions.setEnabled("go", false)
      XCTAssertFalse(actions.isEnabled("go"))
      gtk_widget_activate_action_variant(box, "test.go", nil)
      XCTAssertEqual(runs, 1, "a disabled action does nothing")
      actions.setEnabled("go", true)
      actions.disconnectAll()
      gtk_widget_activate_action_variant(box, "test.go", nil)
      XCTAssertEqual(runs, 1, "disconnected")
      XCTAssertFalse(actions.isEnabled("missing"))
    }
  }

  func testKeyPressHandlerIsRemovedWithItsController() {
    onMain {
      let label: UnsafeMutablePointer<GtkWidget> = gtk_label_new("keys")
      let controllers = { () -> UInt32 in
        let list = gtk_widget_observe_controllers(label)
        defer { g_object_unref(UnsafeMutableRawPointer(list)) }
        return g_list_model_get_n_items(list)
      }
      g_object_ref_sink(UnsafeMutableRawPointer(label))
      defer { g_object_unref(UnsafeMutableRawPointer(label)) }
      let before = controllers()
      let handler = label.addKeyPressHandler(phase: GTK_PHASE_CAPTURE) { _ in false }
      XCTAssertEqual(controllers(), before + 1)
      handler.remove()
      XCTAssertEqual(controllers(), before)
      handler.remove()  // A second time does nothing.
      XCTAssertEqual(controllers(), before)
    }
  }
}
