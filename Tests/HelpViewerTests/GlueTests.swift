import Dispatch
import HelpViewerCGtk
import HelpViewerCWebKit
import HelpViewerCore
import XCTest

@testable import HelpViewerGlue

/// The GObject/signal/main-loop glue: closures owned by their object, disconnect once, and
/// Swift concurrency served by the GLib main loop.
final class GlueTests: GtkTestCase {
  private final class Tracker {}

  func testSignalClosureIsFreedWithItsObject() {
    onMain {
      var button: GObjectRef? = GObjectRef(adoptingNew: gtk_button_new())
      var tracker: Tracker? = Tracker()
      weak let weakTracker = tracker
      let connection = button!.pointer(GtkButton.self).connectClicked { [tracker] in _ = tracker }
      tracker = nil
      XCTAssertNotNil(weakTracker, "the GObject owns the closure")
      XCTAssertTrue(connection.isConnected)
      button = nil  // Finalizes the button: its destroy notify frees the closure.
      XCTAssertNil(weakTracker)
      XCTAssertFalse(connection.isConnected)
      connection.disconnect()  // Safe after the object is gone.
    }
  }

  func testDisconnectActsExactlyOnce() {
    onMain {
      let button = GObjectRef(adoptingNew: gtk_button_new())
      var clicks = 0
      let connection = button.pointer(GtkButton.self).connectClicked { clicks += 1 }
      emitClicked(button)
      XCTAssertEqual(clicks, 1)
      connection.disconnect()
      connection.disconnect()
      XCTAssertFalse(connection.isConnected)
      emitClicked(button)
      XCTAssertEqual(clicks, 1, "a disconnected handler never runs")
    }
  }

  func testHandlerOwnerFreedBeforeTheObjectIsNeverCalledInto() {
    onMain {
      final class Owner {
        var calls = 0
        let signals = SignalBag()
      }
      let button = GObjectRef(adoptingNew: gtk_button_new())
      var owner: Owner? = Owner()
      weak let weakOwner = owner
      owner!.signals += button.pointer(GtkButton.self).connectClicked { [weak owner] in owner?.calls += 1 }
      owner = nil  // Its SignalBag disconnects on the way out.
      XCTAssertNil(weakOwner)
      emitClicked(button)  // Nothing to run into.
    }
  }

  func testMainActorTasksAndTheMainQueueRunUnderTheGLibLoop() {
    onMain {
      var ran: [String] = []
      Task { @MainActor in ran.append("task") }
      DispatchQueue.main.async { MainActor.assumeIsolated { ran.append("dispatch") } }
      waitUntil("both ran") { ran.count == 2 }
      XCTAssertEqual(Set(ran), ["task", "dispatch"])
    }
  }

  func testTimeoutSourceFiresOnceAndCancelIsAlwaysSafe() {
    onMain {
      var fired = 0
      let timer = TimeoutSource(seconds: 0.05) { fired += 1 }
      XCTAssertTrue(timer.isPending)
      waitUntil("the timer fired") { fired == 1 }
      XCTAssertFalse(timer.isPending)
      timer.cancel()
      timer.cancel()
      let cancelled = TimeoutSource(seconds: 0.05) { fired += 100 }
      cancelled.cancel()
      let later = TimeoutSource(seconds: 0.2) {}
      waitUntil("a later timer fired") { !later.isPending }
      XCTAssertEqual(fired, 1, "a cancelled timer never fires")
    }
  }

  func testShortcutTriggersMustParse() {
    onMain {
      let widget = GObjectRef(adoptingNew: gtk_button_new())
      XCTAssertNotNil(widget.widget.addShortcut("Escape|<Control>w") { true })
      XCTAssertNil(widget.widget.addShortcut("<NotAModifier>q") { true })
    }
  }

  func testARemovedShortcutControllerLeavesTheWidgetWithItsClosure() {
    onMain {
      final class Token {}
      let widget = GObjectRef(adoptingNew: gtk_button_new())
      func controllers() -> UInt32 {
        let model = gtk_widget_observe_controllers(widget.widget)
        defer { g_object_unref(UnsafeMutableRawPointer(model)) }
        return g_list_model_get_n_items(model)
      }
      let before = controllers()
      var token: Token? = Token()
      weak let weakToken = token
      let shortcut = widget.widget.addShortcut("Escape") { [token] in token != nil }
      let actions = widget.widget.addActionShortcuts([("<Control>f", "viewer.find")])
      token = nil
      XCTAssertNotNil(weakToken, "the controller holds the closure")
      XCTAssertEqual(controllers(), before + 2)
      shortcut?.remove()
      shortcut?.remove()  // The second time does nothing.
      actions?.remove()
      XCTAssertEqual(controllers(), before)
      XCTAssertNil(weakToken, "the closure went with its controller")
    }
  }

  /// The classifier's numbers and names are the C library's own.
  func testErrorDomainsAndCodesMatchTheCHeaders() {
    typealias D = ErrorClassifier.Domain
    typealias C = ErrorClassifier.Code
    XCTAssertEqual(String(cString: g_quark_to_string(webkit_network_error_quark())), D.webKitNetwork)
    XCTAssertEqual(String(cString: g_quark_to_string(webkit_policy_error_quark())), D.webKitPolicy)
    XCTAssertEqual(String(cString: g_quark_to_string(g_io_error_quark())), D.gio)
    XCTAssertEqual(String(cString: g_quark_to_string(g_resolver_error_quark())), D.resolver)
    XCTAssertEqual(String(cString: g_quark_to_string(g_tls_error_quark())), D.tls)
    XCTAssertEqual(String(cString: g_quark_to_string(soup_session_error_quark())), D.soupSession)
    let pairs: [(Int, UInt32)] = [
      (C.webKitNetworkFailed, WEBKIT_NETWORK_ERROR_FAILED.rawValue),
      (C.webKitNetworkTransport, WEBKIT_NETWORK_ERROR_TRANSPORT.rawValue),
      (C.webKitNetworkUnknownProtocol, WEBKIT_NETWORK_ERROR_UNKNOWN_PROTOCOL.rawValue),
      (C.webKitNetworkCancelled, WEBKIT_NETWORK_ERROR_CANCELLED.rawValue),
      (C.webKitNetworkFileDoesNotExist, WEBKIT_NETWORK_ERROR_FILE_DOES_NOT_EXIST.rawValue),
      (C.webKitPolicyCannotShowMIMEType, WEBKIT_POLICY_ERROR_CANNOT_SHOW_MIME_TYPE.rawValue),
      (C.webKitPolicyCannotShowURI, WEBKIT_POLICY_ERROR_CANNOT_SHOW_URI.rawValue),
      (C.webKitPolicyInterruptedByPolicyChange, WEBKIT_POLICY_ERROR_FRAME_LOAD_INTERRUPTED_BY_POLICY_CHANGE.rawValue),
      (C.webKitPolicyRestrictedPort, WEBKIT_POLICY_ERROR_CANNOT_USE_RESTRICTED_PORT.rawValue),
      (C.gioNotFound, G_IO_ERROR_NOT_FOUND.rawValue),
      (C.gioTimedOut, G_IO_ERROR_TIMED_OUT.rawValue),
      (C.gioCancelled, G_IO_ERROR_CANCELLED.rawValue),
      (C.gioHostNotFound, G_IO_ERROR_HOST_NOT_FOUND.rawValue),
      (C.gioHostUnreachable, G_IO_ERROR_HOST_UNREACHABLE.rawValue),
      (C.gioNetworkUnreachable, G_IO_ERROR_NETWORK_UNREACHABLE.rawValue),
      (C.gioConnectionRefused, G_IO_ERROR_CONNECTION_REFUSED.rawValue),
      (C.gioConnectionClosed, G_IO_ERROR_CONNECTION_CLOSED.rawValue),
      (C.soupTooManyRedirects, SOUP_SESSION_ERROR_TOO_MANY_REDIRECTS.rawValue),
      (C.soupTooManyRestarts, SOUP_SESSION_ERROR_TOO_MANY_RESTARTS.rawValue),
    ]
    for (index, pair) in pairs.enumerated() {
      XCTAssertEqual(pair.0, Int(pair.1), "code #\(index)")
    }
  }

  /// The one GObject type check: a type, a type derived from it, another type, and nothing.
  func testIsInstanceChecksTheTypeAndItsAncestors() {
    onMain {
      let button = GObjectRef(adoptingNew: gtk_button_new())
      let label = GObjectRef(adoptingNew: gtk_label_new("x"))
      XCTAssertTrue(isInstance(button.raw, of: gtk_button_get_type()))
      XCTAssertTrue(isInstance(button.raw, of: gtk_widget_get_type()), "a button is a widget")
      XCTAssertTrue(isInstance(label.widget, of: g_object_get_type()))
      XCTAssertFalse(isInstance(label.raw, of: gtk_button_get_type()), "a label is no button")
      XCTAssertFalse(isInstance(nil, of: gtk_widget_get_type()))
    }
  }

  /// The glue reads a `GError` straight into the core's `PlatformError`, which the classifier
  /// takes as it is (issue 18.6: one error type, no copying between two).
  func testAGErrorBecomesThePlatformErrorTheClassifierReads() {
    let error = g_error_new_literal(
      g_io_error_quark(), Int32(G_IO_ERROR_CONNECTION_REFUSED.rawValue), "Connection refused")
    let failure = PlatformError(taking: error)
    XCTAssertEqual(
      failure, PlatformError(domain: ErrorClassifier.Domain.gio, code: 39, message: "Connection refused"))
    XCTAssertEqual(ErrorClassifier.classify(failure, url: "http://127.0.0.1:9/")?.kind, .cannotConnect)
    // A thrown one is caught as the core's type.
    do {
      throw failure
    } catch let caught as PlatformError {
      XCTAssertEqual(caught.code, 39)
    } catch {
      XCTFail("not a PlatformError: \(error)")
    }
    XCTAssertEqual(
      PlatformError(reading: nil), PlatformError(domain: "help-viewer", code: 0, message: "Unknown failure"))
  }
}

/// Emits `clicked` on a button at once (`g_signal_emit_by_name` is variadic and does not import).
@MainActor
private func emitClicked(_ button: GObjectRef) {
  let id = g_signal_lookup("clicked", gtk_button_get_type())
  var instance = GValue()
  g_value_init(&instance, gtk_button_get_type())
  g_value_set_object(&instance, button.raw)
  g_signal_emitv(&instance, id, 0, nil)
  g_value_unset(&instance)
}
