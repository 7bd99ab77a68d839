import Foundation
import Testing

@testable import HelpViewerCore

@Suite struct ContentPathTests {
  /// A temporary content folder with a page, a subfolder, and links inside and out.
  func makeRoot() throws -> URL {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("hv-content-\(UUID().uuidString)")
    let root = base.appendingPathComponent("root")
    try FileManager.default.createDirectory(at: root.appendingPathComponent("help"), withIntermediateDirectories: true)
    try Data("<title>x</title>".utf8).write(to: root.appendingPathComponent("help/index.html"))
    try Data("secret".utf8).write(to: base.appendingPathComponent("secret.txt"))
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("out.txt").path,
      withDestinationPath: base.appendingPathComponent("secret.txt").path)
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("in.html").path,
      withDestinationPath: root.appendingPathComponent("help/index.html").path)
    return root
  }

  @Test func servesFilesInside() throws {
    let root = try makeRoot()
    #expect(try ContentPath.resolve("/help/index.html", in: root).get().lastPathComponent == "index.html")
    #expect(try ContentPath.resolve("/help/", in: root).get().lastPathComponent == "index.html")
    #expect(
      try ContentPath.resolve("/in.html", in: root).get().lastPathComponent == "index.html", "a link inside is fine")
    #expect(try ContentPath.resolve("/help/./index.html", in: root).get().lastPathComponent == "index.html")
  }

  @Test(arguments: [
    "/../secret.txt", "/help/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
    "/help/%2e%2e%2f%2e%2e%2fsecret.txt",
    "/..%2fsecret.txt", "/out.txt", "/help/%00index.html", "/help\\..\\..\\secret.txt", "/%zz",
  ])
  func refusesWhatLeavesTheFolder(path: String) throws {
    let root = try makeRoot()
    switch ContentPath.resolve(path, in: root) {
    case .success(let url): Issue.record("\(path) resolved to \(url.path)")
    case .failure(let error): #expect(error.kind == .blockedByPolicy || error.kind == .httpError)
    }
    if case .failure(let error) = ContentPath.resolve(path, in: root), path == "/out.txt" {
      #expect(error.kind == .blockedByPolicy)
    }
  }

  @Test func missingFilesAreMissingPages() throws {
    let root = try makeRoot()
    #expect(ContentPath.resolve("/nope.html", in: root).failureKind == .pageNotFound)
  }

  /// A folder's `index.html` that links back to its own folder (or to a folder above it) is a
  /// clear 404 at once: a folder stands for its index page once, never for ever.
  @Test(arguments: [".", "..", "self"])
  func anIndexThatLinksToAFolderIsA404(target: String) throws {
    let root = try makeRoot()
    let loop = root.appendingPathComponent("loop")
    try FileManager.default.createDirectory(at: loop, withIntermediateDirectories: true)
    let destination = target == "self" ? loop.path : target  // Absolute, or relative to the folder.
    try FileManager.default.createSymbolicLink(
      atPath: loop.appendingPathComponent("index.html").path, withDestinationPath: destination)
    for path in ["/loop", "/loop/", "/loop/index.html", "/loop/index.html/index.html"] {
      switch ContentPath.resolve(path, in: root) {
      case .success(let url): Issue.record("\(path) resolved to \(url.path)")
      case .failure(let error):
        #expect(error.kind == .pageNotFound, "\(path)")
        #expect(error.httpStatus == nil, "\(path)")
      }
    }
    // A link to a real page elsewhere in the folder still serves that page.
    #expect(try ContentPath.resolve("/help", in: root).get().lastPathComponent == "index.html")
  }

  @Test func mimeTypes() {
    #expect(MIMETypes.type(forPath: "a/b.HTML") == "text/html")
    #expect(MIMETypes.type(forPath: "style.css") == "text/css")
    #expect(MIMETypes.type(forPath: "logo.svg") == "image/svg+xml")
    #expect(MIMETypes.type(forPath: "noext") == "application/octet-stream")
    #expect(MIMETypes.type(forPath: "dir.d/noext") == "application/octet-stream")
  }

  @Test func bundledAddresses() {
    #expect(BundledAddress.url("help/index.html", in: "notes") == "help-viewer://notes/help/index.html")
    #expect(BundledAddress.url("/a b.html", in: "docs") == "help-viewer://docs/a%20b.html")
  }
}

extension Result where Failure == LoadError {
  var failureKind: LoadError.Kind? {
    if case .failure(let error) = self { return error.kind }
    return nil
  }
}
