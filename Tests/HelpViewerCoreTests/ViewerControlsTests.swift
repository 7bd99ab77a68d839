import Testing

@testable import HelpViewerCore

@Suite struct ZoomLevelsTests {
  @Test func stepsWalkTheLadderAndStopAtTheEnds() {
    #expect(ZoomLevels.next(after: 1.0) == 1.1)
    #expect(ZoomLevels.previous(before: 1.0) == 0.9)
    #expect(ZoomLevels.next(after: 3.0) == 3.0)
    #expect(ZoomLevels.previous(before: 0.3) == 0.3)
    // A level between steps goes to the nearest step in that direction.
    #expect(ZoomLevels.next(after: 1.17) == 1.25)
    #expect(ZoomLevels.previous(before: 1.17) == 1.1)
  }

  @Test(arguments: [(0.1, 0.3), (5.0, 3.0), (1.2, 1.2), (Double.nan, 1.0), (-Double.infinity, 1.0)])
  func levelsAreClamped(level: Double, expected: Double) {
    #expect(ZoomLevels.clamp(level) == expected)
  }

  @Test func labelsArePercentages() {
    #expect(ZoomLevels.label(for: 1) == "100%")
    #expect(ZoomLevels.label(for: 0.67) == "67%")
    #expect(ZoomLevels.label(for: 1.25) == "125%")
  }
}

@Suite struct FindStateTests {
  @Test func summarySaysHowManyMatches() {
    var state = FindState()
    #expect(state.summary == "")
    state.text = "apple"
    #expect(state.summary == "", "not counted yet")
    state.matchCount = 1
    #expect(state.summary == "1 match")
    state.matchCount = 12
    #expect(state.summary == "12 matches")
    state.matchCount = FindState.maxMatchCount + 1
    #expect(state.summary == "More than 1000 matches")
    state.matchCount = 0
    #expect(state.summary == "No results")
    state.matchCount = nil
    state.noResults = true
    #expect(state.summary == "No results")
  }
}
