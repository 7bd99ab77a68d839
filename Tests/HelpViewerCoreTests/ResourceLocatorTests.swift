import Foundation
import Testing

@testable import HelpViewerCore

/// `ResourceLocator` on real folders in a temporary directory: the order it searches in, what
/// counts as found, and the error when nothing is.
@Suite struct ResourceLocatorTests {
  /// A temporary layout: a host folder, `PREFIX/bin` (the executable's folder), a build
  /// folder, `PREFIX/share/APP`, `$XDG_DATA_HOME/APP` and two `$XDG_DATA_DIRS`.
  struct Layout {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("hv-locator-\(UUID().uuidString)")
    let name = "Notes_NotesHelp.resources"

    var host: URL { root.appendingPathComponent("host") }
    var bin: URL { root.appendingPathComponent("prefix/bin") }
    var build: URL { root.appendingPathComponent("package/.build/debug") }
    var share: URL { root.appendingPathComponent("prefix/share/notes") }
    var dataHome: URL { root.appendingPathComponent("data-home") }
    var dataDirs: [URL] { [root.appendingPathComponent("data-a"), root.appendingPathComponent("data-b")] }

    /// Every place, best first, as the locator must search them.
    var expected: [URL] {
      [host, bin, build, share, dataHome.appendingPathComponent("notes")]
        + dataDirs.map { $0.appendingPathComponent("notes") }
    }

    var locator: ResourceLocator {
      var locator = ResourceLocator(name, app: "notes", entry: "help/index.html")
      locator.hostFolder = host
      locator.executableFolder = bin
      locator.buildFolder = build
      locator.environment = [
        "XDG_DATA_HOME": dataHome.path, "XDG_DATA_DIRS": dataDirs.map(\.path).joined(separator: ":"),
        "HOME": "/nonexistent-home",
      ]
      return locator
    }

    /// Makes `base/NAME/help/index.html` (or only the folder, without the entry).
    func fill(_ base: URL, complete: Bool = true) throws {
      let folder = base.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("help"), withIntermediateDirectories: true)
      if complete {
        try Data("<title>\(base.path)</title>".utf8).write(to: folder.appendingPathComponent("help/index.html"))
      }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
  }

  @Test func searchesTheHostFolderTheBinaryTheBuildShareAndXDGInThatOrder() throws {
    let layout = Layout()
    defer { layout.remove() }
    let names = layout.expected.map { $0.appendingPathComponent(layout.name).path }
    #expect(layout.locator.candidates.map(\.path) == names)
    for base in layout.expected { try layout.fill(base) }
    // Take each away in turn: the next one is found.
    for (index, base) in layout.expected.enumerated() {
      #expect(try layout.locator.locate().path == names[index])
      try FileManager.default.removeItem(at: base.appendingPathComponent(layout.name))
    }
    #expect(throws: LoadError.self) { try layout.locator.locate() }
  }

  @Test func aFolderWithoutTheEntryDoesNotCount() throws {
    let layout = Layout()
    defer { layout.remove() }
    try layout.fill(layout.bin, complete: false)
    try layout.fill(layout.share)
    #expect(try layout.locator.locate().path == layout.share.appendingPathComponent(layout.name).path)
    var anyFolder = layout.locator
    anyFolder.entry = nil
    #expect(try anyFolder.locate().path == layout.bin.appendingPathComponent(layout.name).path)
    // A file of that name is no folder.
    try FileManager.default.createDirectory(at: layout.host, withIntermediateDirectories: true)
    try Data().write(to: layout.host.appendingPathComponent(layout.name))
    #expect(try anyFolder.locate().path == layout.bin.appendingPathComponent(layout.name).path)
  }

  @Test func nothingFoundIsAClearErrorThatSaysWhereItLooked() throws {
    let layout = Layout()
    defer { layout.remove() }
    do {
      _ = try layout.locator.locate()
      Issue.record("nothing is there, yet it found something")
    } catch {
      #expect(error.kind == .resourcesNotFound)
      let details = try #require(error.details)
      #expect(details.hasPrefix("Notes_NotesHelp.resources (with help/index.html) was not found in: "))
      for place in layout.expected {
        #expect(details.contains(place.appendingPathComponent(layout.name).path))
      }
    }
    Localization.withLanguages([]) {
      #expect(LoadError(.resourcesNotFound).title == "Files Missing")
      #expect(LoadError(.resourcesNotFound).message.hasPrefix("This app’s files could not be found."))
    }
  }

  @Test func xdgDefaultsFollowTheSpecification() {
    var locator = ResourceLocator("X.resources", app: "notes")
    locator.hostFolder = nil
    locator.environment = ["HOME": "/home/ada"]
    #expect(
      locator.dataDirectories.map(\.path) == ["/home/ada/.local/share", "/usr/local/share", "/usr/share"])
    // Relative paths are ignored, as the specification says; empty entries too.
    locator.environment = ["HOME": "/home/ada", "XDG_DATA_HOME": "relative", "XDG_DATA_DIRS": "::/opt/share:rel"]
    #expect(locator.dataDirectories.map(\.path) == ["/home/ada/.local/share", "/opt/share"])
    locator.environment = ["XDG_DATA_HOME": "/data"]
    #expect(locator.dataDirectories.map(\.path) == ["/data", "/usr/local/share", "/usr/share"])
    locator.executableFolder = URL(fileURLWithPath: "/opt/notes/bin")
    locator.buildFolder = nil
    #expect(
      locator.candidates.map(\.path) == [
        "/opt/notes/bin/X.resources", "/opt/notes/share/notes/X.resources", "/data/notes/X.resources",
        "/usr/local/share/notes/X.resources", "/usr/share/notes/X.resources",
      ])
  }

  @Test func theHostFolderIsSharedByLocatorsMadeAfterItIsSet() {
    let before = ResourceLocator("X.resources")
    // A folder that does not exist: other tests running meanwhile find what they found before.
    ResourceLocator.hostFolder = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/resources")
    defer { ResourceLocator.hostFolder = nil }
    let after = ResourceLocator("X.resources")
    #expect(before.hostFolder == nil)
    #expect(after.candidates.first?.path == ResourceLocator.hostFolder?.appendingPathComponent("X.resources").path)
    #expect(after.candidates.dropFirst().map(\.path) == before.candidates.map(\.path))
  }

  @Test func theBuildFolderIsThePackagesOrTheHostsForACheckout() {
    let here = URL(fileURLWithPath: #filePath)
    let package = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    #if DEBUG
      let configuration = "debug"
    #else
      let configuration = "release"
    #endif
    #expect(
      ResourceLocator.buildFolder(forSource: #filePath)?.path
        == package.appendingPathComponent(".build/\(configuration)").path)
    #expect(
      ResourceLocator("X.resources").buildFolder?.path == package.appendingPathComponent(".build/\(configuration)").path
    )
    #expect(
      ResourceLocator.buildFolder(forSource: "/src/host/.build/checkouts/HelpViewer/Sources/HelpViewerCore/A.swift")?
        .path
        == "/src/host/.build/\(configuration)")
    #expect(ResourceLocator.buildFolder(forSource: "/nowhere/at/all.swift") == nil)
  }

  @Test func theAppIsTheExecutablesNameAndTheBinaryFolderIsItsFolder() {
    let locator = ResourceLocator("X.resources")
    let executable = URL(
      fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "")
    #expect(locator.executableFolder?.path == executable.deletingLastPathComponent().path)
    #expect(locator.app == executable.lastPathComponent)
  }

  @Test func theLibrarysCatalogsAreFoundTheSameWay() throws {
    let directory = try #require(Localization.catalogDirectory)
    let located = try ResourceLocator("HelpViewer_HelpViewerCore.resources", entry: "po").locate()
    #expect(directory.standardizedFileURL == located.appendingPathComponent("po").standardizedFileURL)
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("de.po").path))
  }
}
