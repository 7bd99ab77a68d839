import Foundation
import XCTest

/// One test of this bundle run again in a process of its own, for what a process reads only
/// once at its start (the language GTK translates into, the XDG folders GIO finds apps in).
///
/// ```swift
/// func testSomethingInGerman() throws {
///   if !ChildTestRun.isChild("ZoomAndPrintTests/testSomethingInGerman") {
///     return try onMain { try ChildTestRun.run("ZoomAndPrintTests/testSomethingInGerman", ["LANGUAGE": "de"]) }
///   }
///   // … the test itself, in the child …
/// }
/// ```
enum ChildTestRun {
  private static let key = "HELP_VIEWER_CHILD_TEST"

  /// Whether this process is the child run of `test` ("Class/method").
  static func isChild(_ test: String) -> Bool { ProcessInfo.processInfo.environment[key] == test }

  /// Runs `test` ("Class/method") in a new process of this test bundle with `environment` added
  /// to this one's, and fails unless it ran and passed there. Returns its output.
  @MainActor
  @discardableResult
  static func run(
    _ test: String, _ environment: [String: String], timeout: Double = 120, file: StaticString = #filePath,
    line: UInt = #line
  ) throws -> String {
    let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    merged[key] = test
    let result = try runProgram(binary, ["HelpViewerTests.\(test)"], environment: merged, timeout: timeout)
    XCTAssertEqual(result.status, 0, result.output, file: file, line: line)
    XCTAssertTrue(
      result.output.contains("Executed 1 test, with 0 failures"), "the child ran the test: \(result.output)",
      file: file, line: line)
    return result.output
  }
}
