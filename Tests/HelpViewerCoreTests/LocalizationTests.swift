import Testing

@testable import HelpViewerCore

/// `localized(_:)` through the bundled catalogs, per task (tests run in parallel, so none of
/// them changes the process-wide languages).
@Suite struct LocalizationTests {
  @Test func englishWhenNoLanguageIsChosen() {
    Localization.withLanguages([]) {
      #expect(Localization.languages.isEmpty)
      #expect(localized("Back") == "Back")
      #expect(LoadError(.cannotConnect).title == "Cannot Reach the Server")
    }
  }

  @Test func germanFromTheBundledCatalog() {
    Localization.withLanguages(["de"]) {
      #expect(localized("Back") == "Zurück")
      #expect(localized("Technical Details") == "Technische Details")
      #expect(localized("_Retry") == "_Erneut versuchen")
      #expect(localized("A string no catalog has") == "A string no catalog has")
    }
  }

  @Test func localeNamesFallBackToTheirLanguage() {
    #expect(Localization.withLanguages(["de_AT.UTF-8@euro"]) { localized("Reload") } == "Neu laden")
    #expect(Localization.withLanguages(["fr_FR", "de"]) { localized("Close") } == "Schließen", "no French catalog")
    #expect(Localization.withLanguages(["en_GB", "de"]) { localized("Close") } == "Close", "English comes first")
  }

  @Test func pluralsFallBackToTheEnglishForms() {
    Localization.withLanguages(["de"]) {
      #expect(localized("%d page", "%d pages", count: 1) == "%d page")
      #expect(localized("%d page", "%d pages", count: 3) == "%d pages")
      #expect(localized("Open", context: "verb") == "Open")
    }
  }

  @Test func errorTitlesAndMessagesInGerman() {
    Localization.withLanguages(["de"]) {
      let refused = LoadError(.cannotConnect, url: "http://127.0.0.1:1/")
      #expect(refused.title == "Server nicht erreichbar")
      #expect(
        refused.message
          == "Es konnte keine Verbindung zum Server „127.0.0.1“ hergestellt werden. "
          + "Er ist möglicherweise nicht in Betrieb, oder Sie sind offline.")
      let missing = LoadError(.httpError, url: "https://example.com/a", httpStatus: 404)
      #expect(missing.title == "Seite nicht gefunden")
      #expect(
        missing.message
          == "Die Seite existiert auf dem Server „example.com“ nicht (HTTP 404). Der Link ist möglicherweise veraltet.")
      #expect(
        LoadError(.unsupportedScheme, url: "ftp://x/").message
          == "„ftp:“-Adressen können hier nicht geöffnet werden, nur Webseiten.")
    }
  }

  /// The English text is exactly what it was before it went through the catalogs.
  @Test(arguments: [
    (
      LoadError(.hostNotFound, url: "https://nowhere.invalid/"),
      "The server “nowhere.invalid” could not be found. Check the address and your internet connection."
    ),
    (LoadError(.hostNotFound), "The server could not be found. Check the address and your internet connection."),
    (LoadError(.cannotConnect), "Could not connect to the server. It may be down, or you may be offline."),
    (LoadError(.timedOut, url: "http://a.test/"), "The server “a.test” did not answer in time. Try again later."),
    (
      LoadError(.tlsFailure, url: "https://b.test/"),
      "The identity of the server “b.test” could not be verified, so the page was not loaded."
    ),
    (
      LoadError(.httpError, url: "http://c.test/x", httpStatus: 410),
      "The page does not exist on the server “c.test” (HTTP 410). The link may be out of date."
    ),
    (
      LoadError(.httpError, httpStatus: 404),
      "The page does not exist on the server (HTTP 404). The link may be out of date."
    ),
    (
      LoadError(.httpError, url: "file:///tmp/none.html", httpStatus: 404),
      "This page does not exist. The link may be out of date."
    ),
    (
      LoadError(.httpError, url: "http://d.test/", httpStatus: 503),
      "The server “d.test” had a problem showing this page (HTTP 503). Try again later."
    ),
    (LoadError(.httpError, url: "http://e.test/"), "The server “e.test” refused to show this page."),
    (
      LoadError(.httpError, url: "http://e.test/", httpStatus: 403),
      "The server “e.test” refused to show this page (HTTP 403)."
    ),
    (LoadError(.tooManyRedirects, url: "http://f.test/"), "The server “f.test” keeps redirecting the page in a loop."),
    (
      LoadError(.unsupportedScheme, url: "javascript:alert(1)"),
      "“javascript:” addresses cannot be opened here. Only web pages can."
    ),
    (LoadError(.unsupportedScheme), "Addresses like this cannot be opened here. Only web pages can."),
  ])
  func englishMessagesAreUnchanged(error: LoadError, message: String) {
    Localization.withLanguages([]) { #expect(error.message == message) }
  }

  @Test func theBundledCatalogsAreFound() throws {
    #expect(Localization.availableLanguages.contains("de"))
    let german = try #require(Localization.catalog(for: "de"))
    #expect(german.translation(of: "Forward") == "Vorwärts")
    #expect(german.pluralCount == 2)
    #expect(Localization.catalog(for: "xx") == nil)
  }

  @Test func chosenLanguagesOfATaskDoNotLeakOut() {
    let outside = Localization.languages
    Localization.withLanguages(["de"]) {
      #expect(Localization.languages == ["de"])
      Localization.withLanguages(["C"]) { #expect(localized("Back") == "Back") }
      #expect(localized("Back") == "Zurück")
    }
    #expect(Localization.languages == outside)
  }
}
