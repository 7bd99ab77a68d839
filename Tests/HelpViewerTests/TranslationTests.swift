import Foundation
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerDemoContent
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// The real widgets and the real demo in German: `LANGUAGE=de` for the demo's process, and
/// `Localization.setLanguages(["de"])` for widgets made in this one.
final class TranslationTests: GtkTestCase {
  override func tearDown() {
    Localization.setLanguages(nil)
    super.tearDown()
  }

  func testTheDemosStringsComeFromTheDemosOwnCatalog() {
    Localization.withLanguages(["de"]) {
      XCTAssertEqual(notebookLocalized("Notebook"), "Notizbuch")
      XCTAssertEqual(notebookLocalized("_Open URL…"), "Adresse ö_ffnen …")
      XCTAssertEqual(notebookLocalized("Help"), "Hilfe")
      XCTAssertEqual(localized("Notebook"), "Notebook", "the library's catalog has none of the demo's strings")
      XCTAssertEqual(localized("Help"), "Hilfe", "the library's own default title")
    }
    Localization.withLanguages([]) { XCTAssertEqual(notebookLocalized("Notebook"), "Notebook") }
  }

  func testDemoReportIsGermanUnderLanguageDeEvenWithTheCLocale() throws {
    try onMain {
      let url = try closedPortURL()
      let result = try runProgram(
        demoBinary, ["--open", url.absoluteString, "--report"], environment: childEnvironment(["LANGUAGE": "de"]))
      XCTAssertEqual(result.status, 0)
      let error = try XCTUnwrap(try parse(result.output)["error"] as? [String: Any])
      XCTAssertEqual(error["kind"] as? String, "cannotConnect", "kinds are not translated")
      XCTAssertEqual(error["title"] as? String, "Server nicht erreichbar")
      XCTAssertEqual(
        error["message"] as? String,
        "Es konnte keine Verbindung zum Server „127.0.0.1“ hergestellt werden. "
          + "Er ist möglicherweise nicht in Betrieb, oder Sie sind offline.")
    }
  }

  func testDemoReportIsGermanUnderLangDeAndEnglishWithNothingSet() throws {
    try onMain {
      let url = try closedPortURL()
      let german = try runProgram(
        demoBinary, ["--open", url.absoluteString, "--report"], environment: childEnvironment(["LANG": "de_DE.UTF-8"]))
      XCTAssertEqual(
        (try parse(german.output)["error"] as? [String: Any])?["title"] as? String, "Server nicht erreichbar")
      let english = try runProgram(
        demoBinary, ["--open", url.absoluteString, "--report"], environment: childEnvironment([:]))
      XCTAssertEqual(
        (try parse(english.output)["error"] as? [String: Any])?["title"] as? String, "Cannot Reach the Server")
    }
  }

  func testHelpDialogButtonsAndErrorViewAreGerman() throws {
    try onMain {
      Localization.setLanguages(["de"])
      let url = try closedPortURL()
      let dialog = HelpDialog.present(url, showsNavigation: true)
      defer { dialog.close() }
      XCTAssertEqual(dialog.fallbackTitle, "Hilfe", "the default title")
      XCTAssertEqual(tooltip(dialog.header.backButton), "Zurück")
      XCTAssertEqual(tooltip(dialog.header.forwardButton), "Vorwärts")
      XCTAssertEqual(tooltip(dialog.header.closeButton), "Schließen")
      waitUntil("the load failed") { dialog.viewer.state.error != nil }
      XCTAssertEqual(tooltip(dialog.header.reloadButton), "Neu laden")
      let errorView = dialog.viewer.errorView
      XCTAssertEqual(errorView.shownText.title, "Server nicht erreichbar")
      XCTAssertTrue(errorView.shownText.message.hasPrefix("Es konnte keine Verbindung zum Server"))
      XCTAssertEqual(errorView.retryButton.label, "_Erneut versuchen")
      XCTAssertEqual(errorView.retryButton.tooltip, "Die Seite erneut laden")
      // The window and header name the error while it shows (issue 30), in German.
      XCTAssertEqual(gtk_window_get_title(dialog.gtkWindow).map { String(cString: $0) }, "Server nicht erreichbar")
      // Reload turns into Stop while the retried page loads.
      let server = try TestServer()
      server.route("/", .slow("<title>Seite</title>", seconds: 1))
      dialog.viewer.load(server.url("/"))
      waitUntil("loading") { dialog.viewer.state.isLoading }
      XCTAssertEqual(tooltip(dialog.header.reloadButton), "Anhalten")
    }
  }

  func testTermsDialogIsGerman() throws {
    try onMain {
      Localization.setLanguages(["de"])
      let dialog = TermsDialog(try closedPortURL(), offlineCopy: try notebookPage("terms/terms.html"))
      dialog.present()
      defer { dialog.dismiss() }
      XCTAssertEqual(dialog.footer.acceptButton.label, "_Akzeptieren")
      XCTAssertEqual(dialog.footer.declineButton.label, "A_blehnen")
      XCTAssertEqual(dialog.sheet.fallbackTitle, "Nutzungsbedingungen")
      waitUntil("the offline copy loaded") {
        dialog.viewer.state.phase == .loaded && dialog.viewer.state.title == "Notebook Terms of Service"
      }
      let hint = dialog.footer.hintLabel.text
      XCTAssertTrue(hint.hasPrefix("Die Online-Nutzungsbedingungen konnten nicht geladen werden"), hint)
    }
  }

  func testOfflineNoteIsGerman() throws {
    try onMain {
      Localization.setLanguages(["de"])
      var configuration = ViewerConfiguration()
      configuration.offlineFallback = try notebookPage("terms/terms.html")
      let viewer = LoadingWebView(url: try closedPortURL(), configuration: configuration)
      let window = showInWindow(viewer.gtkWidget)
      defer { gtk_window_destroy(window) }
      waitUntil("the offline copy loaded") { viewer.state.phase == .loaded && viewer.state.isOfflineCopy }
      XCTAssertEqual(
        viewer.offlineBanner.text,
        "Die mit der App gespeicherte Offline-Kopie wird angezeigt. Server nicht erreichbar: Es konnte keine "
          + "Verbindung zum Server „127.0.0.1“ hergestellt werden. Er ist möglicherweise nicht in Betrieb, oder Sie "
          + "sind offline.")
      XCTAssertEqual(viewer.offlineBanner.retryButton.tooltip, "Die Online-Seite erneut versuchen")
      XCTAssertEqual(
        viewer.offlineBanner.retryButton.label, "_Erneut versuchen")
    }
  }

  func testEnglishAgainWhenTheLanguageIsReset() {
    onMain {
      Localization.setLanguages(["de"])
      XCTAssertEqual(localized("Back"), "Zurück")
      Localization.setLanguages([])
      let dialog = HelpDialog(showsNavigation: true)
      defer { dialog.close() }
      XCTAssertEqual(tooltip(dialog.header.backButton), "Back")
      XCTAssertEqual(dialog.fallbackTitle, "Help")
    }
  }
}

@MainActor
private func tooltip(_ button: Button) -> String? { button.tooltip }

private func parse(_ output: String) throws -> [String: Any] {
  let line = try XCTUnwrap(output.split(separator: "\n").last, "no report in: \(output)")
  return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
}
