import XCTest

@testable import HelpViewerDemo

/// Notebook asks GTK for its cairo renderer only on a machine without a GPU render node, and
/// never over a person's own `GSK_RENDERER`.
final class RendererChoiceTests: XCTestCase {
  func testCairoOnlyWithoutARenderNodeAndNeverOverThePersonsChoice() {
    XCTAssertEqual(RendererChoice.renderer(devices: nil, chosen: nil), "cairo", "no /dev/dri (Xvfb, a VM)")
    XCTAssertEqual(RendererChoice.renderer(devices: ["card0"], chosen: nil), "cairo", "a display card, no render node")
    XCTAssertEqual(RendererChoice.renderer(devices: ["card0", "renderD128"], chosen: nil), nil, "a GPU: GTK chooses")
    XCTAssertEqual(RendererChoice.renderer(devices: nil, chosen: "gl"), nil, "the person's choice")
    XCTAssertEqual(RendererChoice.renderer(devices: nil, chosen: ""), "cairo", "an empty choice is none")
  }
}
