import Foundation
import HelpViewer
import HelpViewerCGtk
import HelpViewerCore
import HelpViewerDemoContent
import HelpViewerGlue
import XCTest

/// `help-viewer-demo` run as a person or a script would: the real binary, its real output.
final class DemoCommandLineTests: GtkTestCase {
  func testReportForTheBundledHelpIsLoadedWithItsTitle() throws {
    try onMain {
      let result = try runProgram(demoBinary, ["--show", "help", "--report"])
      XCTAssertEqual(result.status, 0)
      let report = try parse(result.output)
      XCTAssertEqual(report["phase"] as? String, "loaded")
      XCTAssertEqual(report["title"] as? String, "Notebook Help")
      XCTAssertTrue(report["error"] is NSNull)
      XCTAssertTrue((report["url"] as? String)?.hasSuffix("/index.html") == true)
      XCTAssertEqual(report["canGoBack"] as? Bool, false)
    }
  }

  func testReportForTheBundledTermsIncludesTheHashOfTheDocument() throws {
    try onMain {
      let result = try runProgram(demoBinary, ["--show", "terms", "--report"])
      XCTAssertEqual(result.status, 0)
      let report = try parse(result.output)
      XCTAssertEqual(report["phase"] as? String, "loaded")
      XCTAssertEqual(report["title"] as? String, "Notebook Terms of Service")
      let terms = try NotebookContent.locate().appendingPathComponent("terms/terms.html")
      let bytes = [UInt8](try Data(contentsOf: terms))
      XCTAssertEqual(report["sha256"] as? String, Checksum.sha256(bytes))
    }
  }

  func testReportForAClosedPortFailsWithAClearMessage() throws {
    try onMain {
      let url = try closedPortURL()
      let result = try runProgram(demoBinary, ["--open", url.absoluteString, "--report"])
      XCTAssertEqual(result.status, 0)
      let report = try parse(result.output)
      XCTAssertEqual(report["phase"] as? String, "failed")
      let error = try XCTUnwrap(report["error"] as? [String: Any])
      XCTAssertEqual(error["kind"] as? String, "cannotConnect")
      XCTAssertTrue(report["sha256"] is NSNull, "no hash without a document")
      // Every key, with `null` where there is no value; slashes written as they are.
      XCTAssertEqual(
        Set(report.keys),
        ["phase", "url", "title", "httpStatus", "canGoBack", "canGoForward", "error", "sha256", "matches", "timings"])
      let timings = try XCTUnwrap(report["timings"] as? [String: Any])
      XCTAssertTrue(timings["startToLoaded"] is NSNull, "it never loaded")
      XCTAssertGreaterThan(timings["startToReport"] as? Double ?? 0, 0)
      for key in ["title", "httpStatus", "matches"] { XCTAssertTrue(report[key] is NSNull, key) }
      XCTAssertEqual(report["canGoBack"] as? Bool, false)
      XCTAssertEqual(report["canGoForward"] as? Bool, false)
      XCTAssertEqual(Set(error.keys), ["kind", "title", "message", "details"])
      XCTAssertNotNil(error["details"] as? String)
      XCTAssertTrue(result.output.contains(#""url":"http://127.0.0.1:"#), result.output)
      XCTAssertEqual(
        error["message"] as? String,
        "Could not connect to the server “127.0.0.1”. It may be down, or you may be offline.")
    }
  }

  func testReportForAServerPageAndA404() throws {
    try onMain {
      let server = try TestServer()
      server.route("/ok", .page("<title>From the server</title>"))
      let ok = try parse(try runProgram(demoBinary, ["--open", server.url("/ok").absoluteString, "--report"]).output)
      XCTAssertEqual(ok["title"] as? String, "From the server")
      XCTAssertEqual(ok["httpStatus"] as? Int, 200)
      let missing = try parse(
        try runProgram(demoBinary, ["--open", server.url("/gone").absoluteString, "--report"]).output)
      XCTAssertEqual(missing["phase"] as? String, "failed")
      XCTAssertEqual(missing["httpStatus"] as? Int, 404)
      XCTAssertEqual((missing["error"] as? [String: Any])?["kind"] as? String, "httpError")
    }
  }

  func testScreenshotOfAFailureIsAPictureOfTheDialog() throws {
    try onMain {
      let url = try closedPortURL()
      let path = FileManager.default.temporaryDirectory.appendingPathComponent("hv-failed-\(UUID().uuidString).png")
        .path
      defer { try? FileManager.default.removeItem(atPath: path) }
      let result = try runProgram(demoBinary, ["--open", url.absoluteString, "--screenshot", path])
      XCTAssertEqual(result.status, 0)
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG file")
      // The PNG header's width and height: the dialog, a sheet inside the 760×560 main window
      // (712×512, less GTK's window frame of a few pixels), not the main window.
      let sheet = SheetSize.fitting(parent: SheetSize(width: 760, height: 560))
      let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
      XCTAssertEqual(Double(width), Double(sheet.width), accuracy: 12)
      XCTAssertEqual(Double(height), Double(sheet.height), accuracy: 12)
    }
  }

  func testDarkScreenshotShowsThePageDark() throws {
    try onMain {
      // The page paints colours no background of the viewer has (white, or the dark grey of
      // dark mode): what the picture shows there is the page, painted as the scheme says.
      let server = try TestServer()
      server.route(
        "/",
        .page(
          """
          <title>Colours</title><style>html, body { margin: 0; height: 100%; background: rgb(255, 0, 255) }
          @media (prefers-color-scheme: dark) { html, body { background: rgb(0, 128, 255) } }</style>
          """))
      defer { server.stop() }
      var colours: [[Int]] = []
      for dark in [false, true] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hv-dark-\(UUID().uuidString).png")
          .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try runProgram(
          demoBinary, ["--open", server.url("/").absoluteString, "--screenshot", path] + (dark ? ["--dark"] : []))
        XCTAssertEqual(result.status, 0)
        colours.append(try colour(ofPNG: path, atX: 0.5, y: 0.9))
      }
      XCTAssertEqual(colours[0], [255, 0, 255], "the page, light: magenta")
      XCTAssertEqual(colours[1], [0, 128, 255], "the page, dark: blue")
    }
  }

  func testNothingSettlingExitsWithStatus3() throws {
    try onMain {
      let server = try TestServer()
      server.route("/hang", .hang)
      defer { server.stop() }
      // The demo's own load timeout is longer than --timeout, so nothing settles in time.
      let result = try runProgram(
        demoBinary, ["--open", server.url("/hang").absoluteString, "--report", "--timeout", "1"])
      XCTAssertEqual(result.status, 3)
      XCTAssertEqual(result.output, "")
    }
  }

  func testWhileLoadingReportsAndPicturesTheLoadingState() throws {
    try onMain {
      let server = try TestServer()
      server.route("/hang", .hang)
      defer { server.stop() }
      let picture = NSTemporaryDirectory() + "help-viewer-loading-\(getpid()).png"
      defer { try? FileManager.default.removeItem(atPath: picture) }
      let result = try runProgram(
        demoBinary,
        ["--open", server.url("/hang").absoluteString, "--while-loading", "--report", "--screenshot", picture])
      XCTAssertEqual(result.status, 0)
      let report = try parse(result.output)
      XCTAssertEqual(report["phase"] as? String, "loading")
      XCTAssertTrue(report["error"] is NSNull)
      XCTAssertTrue(FileManager.default.fileExists(atPath: picture))
      XCTAssertEqual(try runProgram(demoBinary, ["--show", "help", "--while-loading"]).status, 2, "needs --report")
    }
  }

  func testFindCountsTheMatchesInTheReport() throws {
    try onMain {
      let server = try TestServer()
      server.route("/", .page("<title>Fruit</title><p>apple, pear, Apple</p><p>pineapple</p>"))
      let found = try runProgram(demoBinary, ["--open", server.url("/").absoluteString, "--find", "apple", "--report"])
      XCTAssertEqual(found.status, 0)
      XCTAssertEqual(try parse(found.output)["matches"] as? Int, 3)
      let missing = try runProgram(
        demoBinary, ["--open", server.url("/").absoluteString, "--find", "kiwi", "--report"])
      XCTAssertEqual(try parse(missing.output)["matches"] as? Int, 0)
      let plain = try runProgram(demoBinary, ["--open", server.url("/").absoluteString, "--report"])
      XCTAssertTrue(try parse(plain.output)["matches"] is NSNull, "no --find, no count")
      XCTAssertEqual(try runProgram(demoBinary, ["--show", "help", "--find"]).status, 2, "--find needs a value")
    }
  }

  func testBadArgumentsExitWithStatus2() throws {
    try onMain {
      XCTAssertEqual(try runProgram(demoBinary, ["--show", "nonsense"]).status, 2)
      XCTAssertEqual(try runProgram(demoBinary, ["--timeout", "-4", "--show", "help"]).status, 2)
      XCTAssertEqual(try runProgram(demoBinary, ["--report"]).status, 2)
      XCTAssertEqual(try runProgram(demoBinary, ["--help"]).status, 0)
    }
  }
}

/// Red, green and blue (0…255) at (`x`, `y`), fractions of the picture's size.
@MainActor
private func colour(ofPNG path: String, atX x: Double, y: Double) throws -> [Int] {
  var error: UnsafeMutablePointer<GError>?
  let texture = try XCTUnwrap(gdk_texture_new_from_filename(path, &error), "not a picture: \(path)")
  defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
  let width = Int(gdk_texture_get_width(texture))
  let height = Int(gdk_texture_get_height(texture))
  var pixels = [UInt8](repeating: 0, count: width * height * 4)
  gdk_texture_download(texture, &pixels, gsize(width * 4))  // B, G, R, A (Cairo's ARGB32, little endian)
  let offset = (Int(Double(height) * y) * width + Int(Double(width) * x)) * 4
  return [Int(pixels[offset + 2]), Int(pixels[offset + 1]), Int(pixels[offset])]
}

/// The JSON object on the last line of `output`.
private func parse(_ output: String) throws -> [String: Any] {
  let line = try XCTUnwrap(output.split(separator: "\n").last, "no output")
  let json = try JSONSerialization.jsonObject(with: Data(line.utf8))
  return try XCTUnwrap(json as? [String: Any])
}
