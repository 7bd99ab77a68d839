import HelpViewerCore
import Testing

/// The words of a mnemonic label, as a screen reader says them.
@Suite struct MnemonicTextTests {
  @Test func theMnemonicUnderscoreGoes() {
    #expect(MnemonicText.plain("_Retry") == "Retry")
    #expect(MnemonicText.plain("Ab_lehnen") == "Ablehnen")
    #expect(MnemonicText.plain("Accept") == "Accept", "no mnemonic: unchanged")
  }

  @Test func aDoubledUnderscoreStaysAsOne() {
    #expect(MnemonicText.plain("Save __as_") == "Save _as")
    #expect(MnemonicText.plain("") == "")
  }
}
