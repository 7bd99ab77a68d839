// swift-tools-version:6.2
// HelpViewer: in-app help and terms viewer for GTK 4 apps, on WebKitGTK 6.0.
//
// Layers, each using only those below it:
//   help-viewer-demo  → HelpViewer (widgets) → HelpViewerGlue (GObject, signals, main loop)
//                                            → HelpViewerBooks (help books, search; no GTK)
//                                            → HelpViewerCore (state machine, errors, URLs; no GTK)
//   help-viewer-demo  → HelpViewerDemoContent (the demo's own pages and strings; no library product)
//   HelpViewerBooks   → HelpViewerCore, HelpViewerCSQLite, HelpViewerCXML2, HelpViewerCXSLT (help books, Mallard
//                       rendering with yelp-xsl through libxslt, and search; no GTK)
//   HelpViewerGlue    → HelpViewerCore (its errors are the core's `PlatformError`),
//                       HelpViewerCGtk, HelpViewerCWebKit (system libraries), HelpViewerCShim (tiny C shim)
//
// The benchmark is a package of its own, Benchmarks/, which depends on this one by path.
import PackageDescription

let package = Package(
  name: "HelpViewer",
  products: [
    .library(name: "HelpViewer", targets: ["HelpViewer"]),
    .executable(name: "help-viewer-demo", targets: ["HelpViewerDemo"]),
  ],
  targets: [
    .systemLibrary(
      name: "HelpViewerCGtk", pkgConfig: "gtk4-unix-print",
      providers: [.apt(["libgtk-4-dev"])]),
    .systemLibrary(
      name: "HelpViewerCWebKit", pkgConfig: "webkitgtk-6.0",
      providers: [.apt(["libwebkitgtk-6.0-dev"])]),
    .systemLibrary(
      name: "HelpViewerCSQLite", pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(
      name: "HelpViewerCXML2", pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(
      name: "HelpViewerCXSLT", pkgConfig: "libexslt",
      providers: [.apt(["libxslt1-dev"])]),
    .target(name: "HelpViewerCShim", dependencies: ["HelpViewerCWebKit"]),
    // The gettext catalogs (`po/*.po`) are read by the core's own `.po` reader; see Translations.md in HelpViewer.docc.
    .target(name: "HelpViewerCore", resources: [.copy("Localization/po")]),
    // Help books: pages by topic and language, help: addresses, full-text search (no GTK).
    .target(
      name: "HelpViewerBooks",
      dependencies: ["HelpViewerCore", "HelpViewerCSQLite", "HelpViewerCXML2", "HelpViewerCXSLT"]),
    .target(
      name: "HelpViewerGlue",
      dependencies: ["HelpViewerCore", "HelpViewerCGtk", "HelpViewerCWebKit", "HelpViewerCShim"]),
    .target(name: "HelpViewer", dependencies: ["HelpViewerCore", "HelpViewerGlue", "HelpViewerBooks"]),
    // The demo's own pages and translations ("Notebook"): not part of the library product.
    .target(
      name: "HelpViewerDemoContent", dependencies: ["HelpViewerCore"], path: "Resources/Notebook",
      sources: ["NotebookContent.swift", "NotebookLocalized.swift"],
      resources: [.copy("help"), .copy("terms"), .copy("po")]),
    .executableTarget(
      name: "HelpViewerDemo",
      dependencies: ["HelpViewer", "HelpViewerCore", "HelpViewerGlue", "HelpViewerDemoContent", "HelpViewerBooks"],
      path: "Sources/HelpViewerDemo"),
    // The tests' own C (GTK's accessibility test API): no shipped target depends on it.
    .target(name: "HelpViewerTestShim", dependencies: ["HelpViewerCGtk"], path: "Tests/HelpViewerTestShim"),
    .testTarget(name: "HelpViewerCoreTests", dependencies: ["HelpViewerCore"]),
    .testTarget(
      name: "HelpViewerBooksTests", dependencies: ["HelpViewerBooks", "HelpViewerCore"], exclude: ["Fixtures"]),
    .testTarget(
      name: "HelpViewerTests",
      dependencies: [
        "HelpViewer", "HelpViewerGlue", "HelpViewerCGtk", "HelpViewerCWebKit", "HelpViewerCShim", "HelpViewerDemo",
        "HelpViewerDemoContent", "HelpViewerBooks", "HelpViewerTestShim",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
