import Foundation
import HelpViewer
import XCTest

/// `help-viewer-demo --book`, `--topic`, `--search` and `--open help:`, run as a script would:
/// the real binary, its real JSON.
final class DemoBookCommandLineTests: GtkTestCase {
  func testSearchReportsTheResultsBestFirstWithPlainSnippets() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let result = try runProgram(
        demoBinary, ["--book", folder.path, "--search", "conflict", "--report"], environment: english)
      XCTAssertEqual(result.status, 0, result.output)
      let report = try lastJSON(result.output)
      XCTAssertEqual(report["phase"] as? String, "loaded")
      XCTAssertEqual(report["title"] as? String, "Search results for “conflict”")
      XCTAssertTrue((report["url"] as? String)?.hasSuffix("/.search?q=conflict") == true)
      let results = try XCTUnwrap(report["results"] as? [[String: String]], result.output)
      XCTAssertEqual(results.count, 2, "the section about conflicts, and the index's link to it (a prefix)")
      XCTAssertEqual(results.first?["title"], "Syncing notes")
      XCTAssertTrue(results.first?["url"]?.hasSuffix("/sync.html#conflicts") == true)
      XCTAssertEqual(results.first?["snippet"], "When two devices change a note, a conflict copy is kept.")
      XCTAssertEqual(Set(results.first?.keys ?? [:].keys), ["title", "url", "snippet"])
      XCTAssertEqual(results.last?["title"], "Notebook Help Contents")
      XCTAssertNil(report["correctedQuery"], "searched as typed")
      let timings = try XCTUnwrap(report["timings"] as? [String: Any], result.output)
      let loaded = try XCTUnwrap(timings["startToLoaded"] as? Double)
      XCTAssertTrue(loaded > 0 && loaded <= (timings["startToReport"] as? Double ?? 0), "\(timings)")
      // Where the time went: the start-up's milestones, each before the page loaded.
      let milestones = try XCTUnwrap(timings["milestones"] as? [String: Double], "\(timings)")
      XCTAssertEqual(Set(milestones.keys), ["main", "gtkReady", "appReady", "windowPresented", "pageAsked"])
      let order = ["main", "gtkReady", "appReady", "windowPresented", "pageAsked"].compactMap { milestones[$0] }
      XCTAssertEqual(order, order.sorted(), "\(milestones)")
      XCTAssertLessThanOrEqual(order.last ?? .infinity, loaded, "\(milestones)")

      let misspelt = try lastJSON(
        runProgram(demoBinary, ["--book", folder.path, "--search", "conflcts", "--report"], environment: english).output
      )
      XCTAssertEqual(misspelt["correctedQuery"] as? String, "conflicts")
      XCTAssertEqual((misspelt["results"] as? [[String: String]])?.first?["title"], "Syncing notes")
      XCTAssertEqual(misspelt["title"] as? String, "Search results for “conflicts”", "the page says what it shows")

      let none = try runProgram(
        demoBinary, ["--book", folder.path, "--search", "zzzz", "--report"], environment: english)
      XCTAssertEqual((try lastJSON(none.output)["results"] as? [Any])?.count, 0)
      let plain = try runProgram(demoBinary, ["--book", folder.path, "--report"], environment: english)
      XCTAssertNil(try lastJSON(plain.output)["results"], "no --search, no results key")
    }
  }

  func testTopicOpensItsSectionAndAnUnknownTopicTheIndexWithTheNote() throws {
    try onMain {
      let folder = try TestBook.make()
      defer { TestBook.remove(folder) }
      let topic = try lastJSON(
        runProgram(demoBinary, ["--book", folder.path, "--topic", "sync#conflicts", "--report"], environment: english)
          .output)
      XCTAssertEqual(topic["title"] as? String, "Syncing notes")
      XCTAssertTrue((topic["url"] as? String)?.hasSuffix("/sync.html#conflicts") == true)
      XCTAssertNil(topic["note"])
      let unknown = try lastJSON(
        runProgram(demoBinary, ["--book", folder.path, "--topic", "nope", "--report"], environment: english).output)
      XCTAssertEqual(unknown["title"] as? String, "Notebook Help Contents")
      XCTAssertEqual(unknown["note"] as? String, "The help page “nope” was not found; showing the contents.")
      var german = english
      german["LANGUAGE"] = "de"
      let deutsch = try lastJSON(
        runProgram(demoBinary, ["--book", folder.path, "--topic", "sync", "--report"], environment: german).output)
      XCTAssertEqual(deutsch["title"] as? String, "Notizen abgleichen", "the German folder, by LANGUAGE")
    }
  }

  func testOpenHelpAddressResolvesThroughXDGDataDirectories() throws {
    try onMain {
      let data = FileManager.default.temporaryDirectory.appendingPathComponent("hv-xdg-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: data) }
      for (language, title) in [("C", "Sharing"), ("de", "Teilen")] {
        let app = data.appendingPathComponent("help/\(language)/notes-app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(TestBook.page(title, "<h2 id=\"links\">Links</h2><p>Share a link.</p>").utf8)
          .write(to: app.appendingPathComponent("sharing.html"))
      }
      var environment = english
      environment["XDG_DATA_DIRS"] = data.path
      environment["XDG_DATA_HOME"] = data.appendingPathComponent("nothing").path
      let found = try lastJSON(
        runProgram(demoBinary, ["--open", "help:notes-app/sharing#links", "--report"], environment: environment).output)
      XCTAssertEqual(found["phase"] as? String, "loaded")
      XCTAssertEqual(found["title"] as? String, "Sharing")
      XCTAssertTrue((found["url"] as? String)?.hasSuffix("/sharing.html#links") == true, "\(found)")
      environment["LANGUAGE"] = "de"
      let german = try lastJSON(
        runProgram(
          demoBinary, ["--open", "help:notes-app/sharing", "--search", "link", "--report"], environment: environment
        )
        .output)
      XCTAssertEqual((german["results"] as? [[String: String]])?.first?["title"], "Teilen")
      let missing = try lastJSON(
        runProgram(demoBinary, ["--open", "help:no-such-app", "--report"], environment: environment).output)
      XCTAssertEqual(missing["phase"] as? String, "failed")
      XCTAssertEqual(
        (missing["error"] as? [String: Any])?["details"] as? String, "No help for “no-such-app” is installed.")
    }
  }

  func testABookFolderThatIsNotThereAndMisusedFlags() throws {
    try onMain {
      let missing = try runProgram(demoBinary, ["--book", "/nonexistent/help", "--report"], environment: english)
      XCTAssertEqual(missing.status, 4)
      XCTAssertEqual(try lastJSON(missing.output)["phase"] as? String, "failed")
      XCTAssertEqual(
        try runProgram(demoBinary, ["--topic", "sync", "--show", "help"]).status, 2, "--topic needs --book")
      XCTAssertEqual(
        try runProgram(demoBinary, ["--search", "x", "--show", "terms"]).status, 2, "--search needs a book")
      XCTAssertEqual(try runProgram(demoBinary, ["--book", "/tmp", "--show", "help"]).status, 2, "one target")
    }
  }
}

/// This process's environment in English.
private var english: [String: String] {
  var environment = ProcessInfo.processInfo.environment
  environment["LANGUAGE"] = "C"
  environment["LC_ALL"] = "C.UTF-8"
  return environment
}

/// The JSON object on the last line of `output`.
private func lastJSON(_ output: String) throws -> [String: Any] {
  let line = try XCTUnwrap(output.split(separator: "\n").last, "no output")
  return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
}
