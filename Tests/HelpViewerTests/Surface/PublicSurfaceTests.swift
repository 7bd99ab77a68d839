import Foundation
import XCTest

/// What a host sees after `import HelpViewer`, checked by type-checking small host files against
/// the built modules with the real compiler: the names a host needs are there, the package's
/// inner names are not, and a host's own `SHA256` or `localized` meets no ambiguity.
final class PublicSurfaceTests: XCTestCase {
  /// A host that uses what it needs and declares names the core also has.
  private let hostSource = """
    import Foundation
    import HelpViewer

    struct SHA256 { static func hex(_ text: String) -> String { text } }
    enum Localization { static let languages = ["fr"] }
    struct Catalog {}
    enum MIMETypes {}
    func localized(_ text: String) -> String { text }

    @MainActor func host(_ window: OpaquePointer?, _ rawWindow: UnsafeMutableRawPointer?) async {
      let viewer = LoadingWebView(url: URL(string: "https://example.com/")!)
      let widget: OpaquePointer = viewer.widget
      _ = widget
      let state: LoadState = viewer.state
      let phase: LoadPhase = state.phase
      let error: LoadError? = state.error
      _ = (phase, error?.kind == .timedOut, viewer.model.findState as FindState)
      var configuration = ViewerConfiguration()
      configuration.navigationPolicy = NavigationPolicy()
      configuration.navigationPolicy.custom = { (request: NavigationRequest) -> NavigationDecision in
        _ = request
        return .allow
      }
      viewer.print(toPDF: "/tmp/x.pdf") { (failure: PrintFailure?) in _ = failure }
      let dialog = HelpDialog.present(URL(string: "https://example.com/")!, over: rawWindow)
      let _: OpaquePointer? = dialog.window  // nil once the dialog ended
      let decision: TermsDecision = await TermsDialog.present(URL(string: "https://example.com/")!)
      if case .accepted(let receipt) = decision { _ = receipt as TermsReceipt }
      _ = (SHA256.hex(localized("x")), Localization.languages, Catalog(), MIMETypes.self)
      // Help books: topics, search, help: addresses, context help, terms books.
      if let book = try? HelpBook(folder: URL(fileURLWithPath: "/usr/share/help/C/app"), languages: ["de"]) {
        let topic: HelpTopic? = HelpTopic(parsing: "sync#conflicts")
        let page: HelpBookPage? = try? book.page(id: "sync")
        _ = (topic, page)
        HelpViewerEngine.prepareSearch(book)
        let results: [SearchResult] = (try? await HelpViewerEngine.search("sync", in: book)) ?? []
        _ = results.map { HelpViewerEngine.url(of: $0, in: book) }
        let shown = HelpDialog.present(topic: "sync", section: "conflicts", in: book, over: rawWindow)
        shown.openSearch("sync")
        // Each says whether it did anything (nothing once the dialog ended).
        let took: [Bool] = [
          shown.openSearch("sync"), shown.show(book: book), shown.show(topic: "sync", in: book),
          shown.load(helpAddress: "help:app"),
        ]
        _ = (took, shown.note as String?)
        HelpDialog.present(book: book, over: rawWindow)
        HelpDialog.presentContextHelp(in: book, over: rawWindow)
        if let window { HelpTopics.tag(window, topic: "sync"); _ = HelpTopics.topic(forFocusIn: window) }
        let embedded = LoadingWebView(book: book, topic: "sync")
        _ = embedded.load(topic: "sync", section: nil, in: book) as LoadError?
        _ = TermsDialog(book: book, page: "terms", over: rawWindow)
        _ = try? BundledScheme.url(of: book, topic: "sync")
      }
      _ = try? HelpAddress(parsing: "help:app/page#section").resolve()
      HelpDialog.present(address: "help:app/page#section", over: rawWindow)
    }

    // A host's own GTK module: its window and widget types, and what gtk_widget_get_root returns.
    struct GtkWindow {}
    struct GtkWidget {}

    @MainActor func parents(
      _ window: UnsafeMutablePointer<GtkWindow>, _ button: UnsafeMutablePointer<GtkWidget>,
      _ root: OpaquePointer?, _ raw: UnsafeMutableRawPointer, _ maybeWindow: UnsafeMutablePointer<GtkWindow>?
    ) async {
      HelpViewerEngine.integrateMainLoop()
      let url = URL(string: "https://example.com/")!
      HelpDialog.present(url, over: window)
      HelpDialog.present(url, title: "Help", over: button, controls: .all)
      HelpDialog.present(url, over: root)
      HelpDialog.present(url, over: raw)
      HelpDialog.present(url, over: maybeWindow)
      HelpDialog.present(url, over: nil)
      HelpDialog.present(url)
      HelpDialog.present(address: "example.com", over: button, showsNavigation: true)
      _ = HelpDialog(title: "Help", over: root, controls: .standard)
      _ = TermsDialog(url, over: button)
      let decision: TermsDecision = await TermsDialog.present(url, over: window)
      _ = decision
      let parent: (any DialogParent)? = root
      _ = parent
    }
    """

  /// Inner names of the core, the glue and the C modules, none of which a host may see.
  private let innerNames = [
    "localized", "Catalog", "POParser", "SHA256", "MIMETypes", "ContentPath",
    "BundledAddress", "ErrorClassifier", "ErrorText", "PlatformError", "LoadStateMachine", "LoadEvent",
    "URLInput", "ZoomLevels", "PageOrigin", "DataDirectories", "GObjectRef", "SignalBag", "gcast", "isInstance",
    "gtk_window_new", "webkit_web_view_new",
  ]

  func testAHostSeesWhatItNeedsAndItsOwnNamesWithoutAmbiguity() throws {
    let result = try typecheck(hostSource)
    XCTAssertEqual(result.errors, [], result.output)
  }

  func testAHostReachesLocalizationThroughImportHelpViewer() throws {
    // As the README shows it (a host declaring its own `Localization` keeps its own: above).
    let result = try typecheck(
      """
      import HelpViewer
      func choose() {
        Localization.setLanguages(["de"])
        let languages: [String] = Localization.languages
        _ = languages
        Localization.setLanguages(nil)
      }
      """)
    XCTAssertEqual(result.errors, [], result.output)
  }

  func testAHostDoesNotSeeThePackagesInnerNames() throws {
    let uses = innerNames.map { "  _ = \($0).self\n" }.joined()
    let result = try typecheck("import HelpViewer\n@MainActor func probe() {\n\(uses)}\n")
    let unseen = Set(
      result.errors.compactMap { line -> String? in
        guard let range = line.range(of: "cannot find '") else { return nil }
        return String(line[range.upperBound...].prefix { $0 != "'" })
      })
    for name in innerNames {
      XCTAssertTrue(unseen.contains(name), "a host sees the package's inner name \(name)\n\(result.output)")
    }
  }

  // MARK: - Compiling a host file

  /// The pkg-config packages of each system-library target (as in Package.swift).
  private let systemLibraryPackages = [
    "HelpViewerCGtk": ["gtk4", "gtk4-unix-print"], "HelpViewerCWebKit": ["webkitgtk-6.0"],
    "HelpViewerCSQLite": ["sqlite3"], "HelpViewerCXML2": ["libxml-2.0"], "HelpViewerCXSLT": ["libexslt"],
  ]

  /// Type-checks `source` as a host file importing the built `HelpViewer` module.
  private func typecheck(_ source: String) throws -> (errors: [String], output: String) {
    let products = URL(fileURLWithPath: demoBinary).deletingLastPathComponent()
    var package = products
    while !FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) {
      guard package.path != "/" else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: products.path])
      }
      package.deleteLastPathComponent()
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hv-surface-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("host.swift")
    try source.write(to: file, atomically: true, encoding: .utf8)

    let shimMap = products.appendingPathComponent("HelpViewerCShim.build/module.modulemap").path
    var arguments = [
      "swiftc", "-typecheck", "-swift-version", "6", "-I", products.appendingPathComponent("Modules").path,
      "-Xcc", "-fmodule-map-file=\(shimMap)",
    ]
    // Every system-library module map of the package, and the include folders of what they wrap.
    let sources = package.appendingPathComponent("Sources")
    var packages: [String] = []
    for target in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
      let map = sources.appendingPathComponent(target).appendingPathComponent("module.modulemap")
      guard let text = try? String(contentsOf: map, encoding: .utf8) else { continue }
      arguments += ["-Xcc", "-fmodule-map-file=\(map.path)"]
      packages += systemLibraryPackages[target] ?? []
      XCTAssertNotNil(systemLibraryPackages[target], "pkg-config packages of \(target) (\(text.count) bytes)")
    }
    let flags = try run(["pkg-config", "--cflags"] + packages, in: folder)
    for flag in flags.split(separator: " ") where flag.hasPrefix("-I") { arguments += ["-Xcc", String(flag)] }
    arguments.append(file.path)
    let output = try run(arguments, in: folder, allowFailure: true)
    let errors = output.split(separator: "\n").filter { $0.contains(" error: ") }.map(String.init)
    return (errors, output)
  }

  private func run(_ arguments: [String], in folder: URL, allowFailure: Bool = false) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = folder
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    if !allowFailure && process.terminationStatus != 0 { XCTFail("\(arguments[0]) failed: \(text)") }
    return text
  }
}
