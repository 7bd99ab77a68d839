import Foundation
import HelpViewerGlue
import XCTest

/// `help-viewer-demo` installed as an app is: the binary COPIED out of the build folder, with
/// its resource bundles next to it, under `share/help-viewer-demo/`, in an XDG data directory,
/// or not at all. The copy runs with every folder holding a build of the package hidden (an
/// empty tmpfs mounted over each in a private mount namespace, `unshare`; nothing of the
/// developer's is moved): `.build`, which the lookup's build-path fallback names, the scratch
/// folder the demo was built in, every other `.build*` folder of the source tree, and the
/// system's `share/help-viewer-demo`. So the bundles cannot be reached by the build path the
/// binary was compiled with, whichever builds ran before in this checkout: as on a machine the
/// build never was on.
final class InstalledLayoutTests: GtkTestCase {
  func testResourceBundlesNextToTheBinaryShowTheHelp() throws {
    try onMain {
      let install = try Install()
      defer { install.remove() }
      let binary = try install.binary(in: "bin", bundlesIn: "bin")
      let result = try install.run(binary, ["--show", "help", "--report"])
      XCTAssertEqual(result.status, 0, result.errors)
      let report = try result.report()
      XCTAssertEqual(report["phase"] as? String, "loaded", result.errors)
      XCTAssertEqual(report["title"] as? String, "Notebook Help")
      // Notebook's help book, served page by page in the language shown.
      XCTAssertTrue((report["url"] as? String)?.hasSuffix("/index.html") == true, "\(report)")
      // The library's German catalog is found next to the binary too.
      let german = try install.run(
        binary, ["--open", try closedPortURL().absoluteString, "--report"], language: "de")
      XCTAssertEqual((try german.report()["error"] as? [String: Any])?["title"] as? String, "Server nicht erreichbar")
      // The help in the language shown: the German pages of the help book.
      let germanHelp = try install.run(binary, ["--show", "help", "--report"], language: "de")
      XCTAssertEqual(germanHelp.status, 0, germanHelp.errors)
      XCTAssertEqual(try germanHelp.report()["title"] as? String, "Notizbuch-Hilfe")
      XCTAssertTrue((try germanHelp.report()["url"] as? String)?.hasSuffix("/index.html") == true)
    }
  }

  func testTheBinaryAloneReportsMissingFilesAndDoesNotCrash() throws {
    try onMain {
      let install = try Install()
      defer { install.remove() }
      let binary = try install.binary(in: "bin", bundlesIn: nil)
      for page in ["help", "terms"] {
        let result = try install.run(binary, ["--show", page, "--report"])
        XCTAssertEqual(result.reason, .exit, "no signal: \(result.errors)")
        XCTAssertEqual(result.status, 4, result.errors)
        XCTAssertFalse(result.errors.contains("Fatal error"), result.errors)
        let report = try result.report()
        XCTAssertEqual(report["phase"] as? String, "failed")
        XCTAssertEqual(
          report["url"] as? String, "help-viewer://notebook/\(page == "help" ? "help/C/index" : "terms/terms").html")
        let error = try XCTUnwrap(report["error"] as? [String: Any])
        XCTAssertEqual(error["kind"] as? String, "resourcesNotFound")
        XCTAssertEqual(error["title"] as? String, "Files Missing")
        // Where it looked: next to the binary, the (hidden) build folder, share/, XDG.
        let details = try XCTUnwrap(error["details"] as? String)
        XCTAssertTrue(details.hasPrefix("HelpViewer_HelpViewerDemoContent.resources (with help/C/index.html)"), details)
        let bundle = "/HelpViewer_HelpViewerDemoContent.resources"
        for place in [
          install.root.appendingPathComponent("bin").path,
          install.root.appendingPathComponent("share/help-viewer-demo").path,
          install.xdgHome.appendingPathComponent("help-viewer-demo").path,
          install.xdgDirs.appendingPathComponent("help-viewer-demo").path,
        ] {
          XCTAssertTrue(details.contains(place + bundle), "\(place): \(details)")
        }
        XCTAssertTrue(details.contains(Install.buildFolder.path + "/"), "the build folder: \(details)")
        XCTAssertTrue(result.errors.contains("help-viewer-demo: Files Missing:"), result.errors)
      }
      // Without --report: the same message, the same status, no crash.
      let plain = try install.run(binary, ["--show", "help"])
      XCTAssertEqual(plain.reason, .exit)
      XCTAssertEqual(plain.status, 4)
      XCTAssertEqual(plain.output, "")
      XCTAssertTrue(plain.errors.contains("This app’s files could not be found."), plain.errors)
      // A page that needs no files still works; without the library's catalog, in English.
      let web = try install.run(binary, ["--open", try closedPortURL().absoluteString, "--report"], language: "de")
      XCTAssertEqual(web.status, 0, web.errors)
      XCTAssertEqual((try web.report()["error"] as? [String: Any])?["title"] as? String, "Cannot Reach the Server")
    }
  }

  func testShareFolderUnderThePrefixAndXDGDataDirectories() throws {
    try onMain {
      let install = try Install()
      defer { install.remove() }
      // PREFIX/bin/help-viewer-demo with PREFIX/share/help-viewer-demo/*.resources
      let binary = try install.binary(in: "bin", bundlesIn: "share/help-viewer-demo")
      let shared = try install.run(binary, ["--show", "terms", "--report"])
      XCTAssertEqual(shared.status, 0, shared.errors)
      XCTAssertEqual(try shared.report()["title"] as? String, "Notebook Terms of Service")
      let german = try install.run(
        binary, ["--open", try closedPortURL().absoluteString, "--report"], language: "de")
      XCTAssertEqual((try german.report()["error"] as? [String: Any])?["title"] as? String, "Server nicht erreichbar")
      // The help in the language shown: the German pages of the help book.
      let germanHelp = try install.run(binary, ["--show", "help", "--report"], language: "de")
      XCTAssertEqual(germanHelp.status, 0, germanHelp.errors)
      XCTAssertEqual(try germanHelp.report()["title"] as? String, "Notizbuch-Hilfe")
      XCTAssertTrue((try germanHelp.report()["url"] as? String)?.hasSuffix("/index.html") == true)
      // The bundles in an XDG data directory ($XDG_DATA_DIRS/help-viewer-demo) instead.
      try FileManager.default.moveItem(
        at: install.root.appendingPathComponent("share/help-viewer-demo"),
        to: install.xdgDirs.appendingPathComponent("help-viewer-demo"))
      let xdg = try install.run(binary, ["--show", "help", "--report"])
      XCTAssertEqual(xdg.status, 0, xdg.errors)
      XCTAssertEqual(try xdg.report()["title"] as? String, "Notebook Help")
    }
  }

  func testACopiedBinaryFindsTheBuildFolderWhileItExists() throws {
    // The demo knows SwiftPM's default build folder only, not one given with --scratch-path.
    try onMain {
      try XCTSkipUnless(
        Install.scratchFolder == Install.buildFolder, "built in \(Install.scratchFolder.lastPathComponent), not .build")
      let install = try Install()
      defer { install.remove() }
      let binary = try install.binary(in: "bin", bundlesIn: nil)
      let result = try install.run(binary, ["--show", "help", "--report"], hidingBuildFolder: false)
      XCTAssertEqual(result.status, 0, result.errors)
      XCTAssertEqual(try result.report()["title"] as? String, "Notebook Help")
    }
  }
}

/// A temporary install prefix holding a copy of the demo, and empty XDG data directories.
@MainActor
private struct Install {
  static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  /// SwiftPM's default build folder (`.build`), where the demo looks for its bundles.
  static let buildFolder = package.appendingPathComponent(".build")
  /// Where the built demo and its bundles are.
  static let built = URL(fileURLWithPath: demoBinary).deletingLastPathComponent()
  /// The build folder the demo was built in, which the copy is run without: `.build`, or a
  /// sanitizer build's own (`scripts/test.sh --sanitize` builds in `.build-asan`, `.build-tsan`).
  static let scratchFolder: URL = {
    var folder = built
    while folder.path.count > package.path.count, folder.deletingLastPathComponent() != package {
      folder = folder.deletingLastPathComponent()
    }
    return folder.deletingLastPathComponent() == package ? folder : buildFolder
  }()
  /// The system's data directories, which the copy searches after the prefix's.
  static let systemDataFolders = ["/usr/local/share", "/usr/share"]

  /// Every folder the copy is run without, of those that exist: every place the bundles may be
  /// in except the ones the test puts them in. `.build` (the lookup's build folder,
  /// `.build/debug` or `release`, is in it); the scratch folder of this build (`.build-tsan`,
  /// or one given with `--scratch-path`, wherever it is); every other `.build*` folder beside
  /// `Package.swift` (another sanitizer's build); and an installed demo's bundles in the
  /// system's data directories.
  static var hiddenFolders: [URL] {
    let manager = FileManager.default
    let builds = ((try? manager.contentsOfDirectory(atPath: package.path)) ?? [])
      .filter { $0.hasPrefix(".build") }.map { package.appendingPathComponent($0) }
    let installed = systemDataFolders.map { URL(fileURLWithPath: $0).appendingPathComponent("help-viewer-demo") }
    var seen = Set<String>()
    return ([buildFolder, scratchFolder] + builds + installed).filter { folder in
      var isDirectory: ObjCBool = false
      let exists = manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) && isDirectory.boolValue
      return exists && seen.insert(folder.standardizedFileURL.path).inserted
    }
  }

  let root: URL
  var xdgHome: URL { root.appendingPathComponent("xdg-home") }
  var xdgDirs: URL { root.appendingPathComponent("xdg-dirs") }

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("hv-install-\(UUID().uuidString)")
    for hidden in Self.hiddenFolders where root.path.hasPrefix(hidden.path + "/") {
      throw CocoaError(
        .fileWriteInvalidFileName,
        userInfo: [NSLocalizedDescriptionKey: "the temporary folder \(root.path) is in \(hidden.path), which is hidden"]
      )
    }
    for folder in [root, xdgHome, xdgDirs] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
  }

  /// Copies the demo into `ROOT/folder` and its resource bundles into `ROOT/bundleFolder`.
  func binary(in folder: String, bundlesIn bundleFolder: String?) throws -> String {
    let manager = FileManager.default
    let target = root.appendingPathComponent(folder)
    try manager.createDirectory(at: target, withIntermediateDirectories: true)
    let binary = target.appendingPathComponent("help-viewer-demo")
    try manager.copyItem(at: URL(fileURLWithPath: demoBinary), to: binary)
    if let bundleFolder {
      let bundles = root.appendingPathComponent(bundleFolder)
      try manager.createDirectory(at: bundles, withIntermediateDirectories: true)
      for name in ["HelpViewer_HelpViewerDemoContent.resources", "HelpViewer_HelpViewerCore.resources"] {
        try manager.copyItem(at: Self.built.appendingPathComponent(name), to: bundles.appendingPathComponent(name))
      }
    }
    return binary.path
  }

  /// Runs `binary` in a mount namespace where each of `hiddenFolders` is an empty one (unless
  /// `hidingBuildFolder` is false), from the prefix, with `$XDG_DATA_HOME` and the first of
  /// `$XDG_DATA_DIRS` in the prefix.
  func run(_ binary: String, _ arguments: [String], language: String? = nil, hidingBuildFolder: Bool = true) throws
    -> Finished
  {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_DATA_HOME"] = xdgHome.path
    // The system's data directories stay: GLib, GTK and WebKit find their schemas, MIME types
    // and icons there.
    environment["XDG_DATA_DIRS"] = ([xdgDirs.path] + Self.systemDataFolders).joined(separator: ":")
    for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] { environment[name] = nil }
    if let language { environment["LANGUAGE"] = language }
    // Mounts an empty tmpfs over each folder before "--", checks that it is empty, and runs
    // what follows "--". The mounts are the child's alone and end with it.
    let script = """
      for folder do
        shift
        [ "$folder" = -- ] && break
        mount -t tmpfs hidden "$folder" && test -z "$(ls -A "$folder")" \\
          || { echo "could not hide $folder" >&2; exit 125; }
      done
      exec "$@"
      """
    let hide =
      ["/usr/bin/unshare", "--user", "--map-root-user", "--mount", "/bin/sh", "-c", script, "sh"]
      + Self.hiddenFolders.map(\.path) + ["--"]
    let command = (hidingBuildFolder ? hide : []) + [binary] + arguments
    return try Finished(running: command, environment: environment, in: root)
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}

/// A program's end: how, its status, standard output and standard error.
@MainActor
private struct Finished {
  var reason: Process.TerminationReason
  var status: Int32
  var output: String
  var errors: String

  init(running command: [String], environment: [String: String], in folder: URL) throws {
    let files = (0..<2).map { _ in
      FileManager.default.temporaryDirectory.appendingPathComponent("hv-run-\(UUID().uuidString)")
    }
    defer { for file in files { try? FileManager.default.removeItem(at: file) } }
    for file in files { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
    let handles = try files.map { try FileHandle(forWritingTo: $0) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.environment = environment
    process.currentDirectoryURL = folder
    process.standardOutput = handles[0]
    process.standardError = handles[1]
    try process.run()
    if !MainLoop.spin(until: { !process.isRunning }, timeout: 60) {
      process.terminate()
      XCTFail("\(command) ran longer than 60 s")
    }
    process.waitUntilExit()
    for handle in handles { try handle.close() }
    reason = process.terminationReason
    status = process.terminationStatus
    output = (try? String(contentsOf: files[0], encoding: .utf8)) ?? ""
    errors = (try? String(contentsOf: files[1], encoding: .utf8)) ?? ""
  }

  /// The JSON object `--report` printed on the last line.
  func report() throws -> [String: Any] {
    let line = try XCTUnwrap(output.split(separator: "\n").last, "no output; standard error: \(errors)")
    return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
  }
}
