import Testing

@testable import HelpViewerCore

/// Which catalogs the environment asks for, as gettext reads it (but `LANGUAGE` works under C).
@Suite struct LanguagePreferenceTests {
  @Test func nothingSetOrTheCLocaleIsEnglish() {
    #expect(LanguagePreference.candidates(environment: [:]).isEmpty)
    #expect(LanguagePreference.candidates(environment: ["LANG": "C.UTF-8"]).isEmpty)
    #expect(LanguagePreference.candidates(environment: ["LANG": "POSIX"]).isEmpty)
    #expect(LanguagePreference.candidates(environment: ["LANG": "en_US.UTF-8"]).isEmpty)
  }

  @Test func languageIsHonouredEvenUnderTheCLocale() {
    #expect(LanguagePreference.candidates(environment: ["LANGUAGE": "de", "LANG": "C"]) == ["de"])
    #expect(LanguagePreference.candidates(environment: ["LANGUAGE": "de", "LC_ALL": "C.UTF-8"]) == ["de"])
  }

  @Test func languageIsAListTriedInOrderThenTheLocale() {
    let candidates = LanguagePreference.candidates(environment: ["LANGUAGE": "de_AT:fr::pt_BR", "LANG": "it_IT.UTF-8"])
    #expect(candidates == ["de_AT", "de", "fr", "pt_BR", "pt", "it_IT", "it"])
  }

  @Test func theLocaleIsLCAllThenLCMessagesThenLang() {
    let all = ["LC_ALL": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8", "LANG": "it_IT.UTF-8"]
    #expect(LanguagePreference.candidates(environment: all) == ["fr_FR", "fr"])
    #expect(LanguagePreference.candidates(environment: all.merging(["LC_ALL": ""]) { $1 }) == ["de_DE", "de"])
    #expect(LanguagePreference.candidates(environment: ["LANG": "it_IT.UTF-8", "LC_ALL": ""]) == ["it_IT", "it"])
    #expect(LanguagePreference.candidates(environment: ["LANGUAGE": "", "LANG": "de_CH"]) == ["de_CH", "de"])
  }

  @Test func codesetIsDroppedAndModifierTriedFirst() {
    #expect(
      LanguagePreference.candidates(environment: ["LANG": "de_DE.UTF-8@euro"]) == [
        "de_DE@euro", "de_DE", "de@euro", "de",
      ])
    #expect(LanguagePreference.candidates(languages: ["sr@latin"]) == ["sr@latin", "sr"])
    #expect(LanguagePreference.candidates(languages: ["DE"]) == ["de"])
  }

  @Test func englishOrCInTheListEndsIt() {
    #expect(LanguagePreference.candidates(environment: ["LANGUAGE": "en:de", "LANG": "de_DE.UTF-8"]).isEmpty)
    #expect(LanguagePreference.candidates(environment: ["LANGUAGE": "fr:C:de"]) == ["fr"])
    #expect(LanguagePreference.candidates(languages: ["de", "en_GB", "fr"]) == ["de"])
  }

  @Test func namesThatAreNoLocaleAreSkipped() {
    #expect(LanguagePreference.candidates(languages: ["../../etc/passwd", "de/x", "de"]) == ["de"])
    #expect(LanguagePreference.candidates(languages: ["_DE", "de_", "de@", ""]).isEmpty)
  }
}
