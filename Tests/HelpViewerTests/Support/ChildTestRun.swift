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
  /// to this one's (less the variables `removing`), and fails unless it ran and passed there;
  /// throws `XCTSkip` with the child's reason when it skipped. `launcher` runs it (a program and
  /// its arguments, the test bundle's command line after them: `xvfb-run -a …`). Returns its output.
  @MainActor
  @discardableResult
  static func run(
    _ test: String, _ environment: [String: String], launcher: [String] = [], removing: [String] = [],
    timeout: Double = 120, file: StaticString = #filePath, line: UInt = #line
  ) throws -> String {
    let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    for name in removing { merged.removeValue(forKey: name) }
    merged[key] = test
    let command = launcher + [binary, "HelpViewerTests.\(test)"]
    let result = try runProgram(command[0], Array(command.dropFirst()), environment: merged, timeout: timeout)
    if let skipped = result.output.split(separator: "\n").first(where: { $0.contains("Test skipped - ") }) {
      throw XCTSkip(String(skipped.split(separator: "Test skipped - ", maxSplits: 1).last ?? skipped))
    }
    XCTAssertEqual(result.status, 0, result.output, file: file, line: line)
    XCTAssertTrue(
      result.output.contains("Executed 1 test, with 0 failures"), "the child ran the test: \(result.output)",
      file: file, line: line)
    return result.output
  }
}
