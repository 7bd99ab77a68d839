import HelpViewerCore
import Testing

/// A sheet never larger than its parent (less a margin), never smaller than usable, and over a
/// tiny parent, covering it.
@Suite struct SheetSizeTests {
  @Test func withoutAParentTheSheetHasItsPreferredSize() {
    #expect(SheetSize.fitting(parent: nil) == .preferred)
    #expect(SheetSize.fitting(parent: SheetSize(width: 0, height: 0)) == .preferred, "not laid out yet")
  }

  @Test func aLargeParentLeavesThePreferredSize() {
    #expect(SheetSize.fitting(parent: SheetSize(width: 1280, height: 1024)) == .preferred)
    #expect(SheetSize.fitting(parent: SheetSize(width: 768, height: 688)) == .preferred, "exactly the margin left")
  }

  @Test func aSmallerParentGetsASheetInsideItWithAMargin() {
    // The demo's old window: 760×560, under a 720×640 sheet that hung below it.
    let sheet = SheetSize.fitting(parent: SheetSize(width: 760, height: 560))
    #expect(sheet == SheetSize(width: 712, height: 512))
    #expect(sheet.width + 2 * SheetSize.margin <= 760 && sheet.height + 2 * SheetSize.margin <= 560)
    // Each side on its own.
    #expect(SheetSize.fitting(parent: SheetSize(width: 600, height: 1000)) == SheetSize(width: 552, height: 640))
  }

  @Test func aTinyParentGetsTheMinimumCoveringIt() {
    let sheet = SheetSize.fitting(parent: SheetSize(width: 200, height: 150))
    #expect(sheet == .minimum)
    #expect(sheet.width >= 200 && sheet.height >= 150, "it covers the parent")
    // Between the two: the minimum, with less than the margin left.
    #expect(SheetSize.fitting(parent: SheetSize(width: 320, height: 330)) == .minimum)
  }

  @Test func theSizesCanBeChosen() {
    let sheet = SheetSize.fitting(
      parent: SheetSize(width: 500, height: 400), preferred: SheetSize(width: 480, height: 480),
      minimum: SheetSize(width: 100, height: 100), margin: 10)
    #expect(sheet == SheetSize(width: 480, height: 380))
    #expect(sheet.description == "480×380")
  }
}
