import Foundation
import Testing

@testable import HelpViewerCore

#if canImport(Glibc)
  import Glibc
#endif

/// Only regular files are read, within a limit: a named pipe, a device or a folder where a page
/// should be gives an error at once instead of blocking forever.
@Suite struct RegularFileTests {
  func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hv-regular-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func readsARegularFile() throws {
    let base = try folder()
    defer { try? FileManager.default.removeItem(at: base) }
    let file = base.appendingPathComponent("page.html")
    try Data("<title>Page</title>".utf8).write(to: file)
    #expect(try RegularFile.read(file, limit: 100) == Data("<title>Page</title>".utf8))
  }

  @Test func refusesANamedPipeWithoutWaitingForAWriter() throws {
    let base = try folder()
    defer { try? FileManager.default.removeItem(at: base) }
    let pipe = base.appendingPathComponent("pipe.html")
    try #require(mkfifo(pipe.path, 0o644) == 0)
    let error = #expect(throws: LoadError.self) { try RegularFile.read(pipe, limit: 100) }
    #expect(error?.kind == .cannotShowContent && error?.details == "Not a regular file.")
  }

  @Test func refusesDevicesFoldersAndMissingFiles() throws {
    let base = try folder()
    defer { try? FileManager.default.removeItem(at: base) }
    for file in [URL(fileURLWithPath: "/dev/zero"), base, base.appendingPathComponent("missing.html")] {
      #expect(throws: LoadError.self, "\(file.path)") { try RegularFile.read(file, limit: 100) }
    }
  }

  @Test func refusesAFileOverTheLimit() throws {
    let base = try folder()
    defer { try? FileManager.default.removeItem(at: base) }
    let file = base.appendingPathComponent("big.html")
    try Data(count: 2 << 20).write(to: file)
    let error = #expect(throws: LoadError.self) { try RegularFile.read(file, limit: 1 << 20) }
    #expect(error?.details == "The file is larger than 1 MiB.")
    #expect(try RegularFile.read(file, limit: 2 << 20).count == 2 << 20, "exactly the limit is read")
  }
}
