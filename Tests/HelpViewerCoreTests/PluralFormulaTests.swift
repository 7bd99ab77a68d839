import Testing

@testable import HelpViewerCore

/// gettext plural rules: C expressions over `n`.
@Suite struct PluralFormulaTests {
  @Test func germanAndEnglish() throws {
    let rule = try PluralFormula("(n != 1)")
    #expect([0, 1, 2, 100].map(rule.index(for:)) == [1, 0, 1, 1])
  }

  @Test func frenchAndSingleForm() throws {
    #expect([0, 1, 2].map(try PluralFormula("(n > 1)").index(for:)) == [0, 0, 1])
    #expect([0, 1, 2].map(try PluralFormula("0").index(for:)) == [0, 0, 0])
  }

  @Test func russianWithNestedChoicesAndPrecedence() throws {
    let rule = try PluralFormula(
      "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)")
    #expect([1, 2, 5, 11, 21, 22, 111, 112, 1000].map(rule.index(for:)) == [0, 1, 2, 2, 0, 1, 2, 2, 2])
  }

  @Test func arithmeticNegationAndDivisionByZero() throws {
    #expect(try PluralFormula("2 + 3 * n - 4 / 2").index(for: 2) == 6, "multiplication binds tighter")
    #expect(try PluralFormula("!(n == 3)").index(for: 3) == 0)
    #expect(try PluralFormula("n / 0 + n % 0").index(for: 5) == 0)
  }

  @Test(arguments: ["", "n ==", "(n != 1", "n ? 1", "n $ 2", "x", "1 2", "99999999999999999999999"])
  func refusesWhatIsNotAnExpression(text: String) {
    #expect(throws: PluralFormula.SyntaxError.self) { try PluralFormula(text) }
  }
}
