// swift-tools-version:6.0
// HelpViewer: in-app help and terms viewer for GTK 4 apps, on WebKitGTK 6.0.
//
// Layers, each using only those below it:
//   help-viewer-demo  → HelpViewer (widgets) → HelpViewerGlue (GObject, signals, main loop)
//                                            → HelpViewerCore (state machine, errors, URLs; no GTK)
//   HelpViewerGlue    → HelpViewerCGtk, HelpViewerCWebKit (system libraries), HelpViewerCShim (tiny C shim)
import PackageDescription

let package = Package(
  name: "HelpViewer",
  products: [
    .library(name: "HelpViewer", targets: ["HelpViewer"]),
    .executable(name: "help-viewer-demo", targets: ["HelpViewerDemo"]),
    .executable(name: "help-viewer-bench", targets: ["HelpViewerBench"]),
    .executable(name: "help-viewer-raw-load", targets: ["HelpViewerRawLoad"]),
  ],
  targets: [
    .systemLibrary(
      name: "HelpViewerCGtk", pkgConfig: "gtk4",
      providers: [.apt(["libgtk-4-dev"])]),
    .systemLibrary(
      name: "HelpViewerCWebKit", pkgConfig: "webkitgtk-6.0",
      providers: [.apt(["libwebkitgtk-6.0-dev"])]),
    .target(name: "HelpViewerCShim", dependencies: ["HelpViewerCWebKit"]),
    // The gettext catalogs (`po/*.po`) are read by the core's own `.po` reader; see README.
    .target(name: "HelpViewerCore", resources: [.copy("Localization/po")]),
    .target(name: "HelpViewerGlue", dependencies: ["HelpViewerCGtk", "HelpViewerCWebKit", "HelpViewerCShim"]),
    .target(
      name: "HelpViewerContent", path: "Resources",
      exclude: ["README.md"],
      sources: ["BundledContent.swift"],
      resources: [.copy("help"), .copy("terms")]),
    .target(
      name: "HelpViewer",
      dependencies: ["HelpViewerCore", "HelpViewerGlue", "HelpViewerContent"]),
    .executableTarget(
      name: "HelpViewerDemo", dependencies: ["HelpViewer", "HelpViewerGlue", "HelpViewerCore"],
      path: "Sources/HelpViewerDemo"),
    // The benchmark (issue 6) and the minimal raw WebKitGTK program it compares cold start with.
    .executableTarget(
      name: "HelpViewerBench", dependencies: ["HelpViewer", "HelpViewerGlue", "HelpViewerContent"],
      path: "Sources/HelpViewerBench"),
    .executableTarget(
      name: "HelpViewerRawLoad", dependencies: ["HelpViewerCGtk", "HelpViewerCWebKit"], path: "Sources/HelpViewerRawLoad"),
    .testTarget(name: "HelpViewerCoreTests", dependencies: ["HelpViewerCore"]),
    .testTarget(
      name: "HelpViewerTests",
      dependencies: [
        "HelpViewer", "HelpViewerGlue", "HelpViewerCGtk", "HelpViewerCWebKit", "HelpViewerCShim", "HelpViewerDemo",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
