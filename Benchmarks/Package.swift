// swift-tools-version:6.2
// The benchmark of HelpViewer, a package of its own that depends on the library by path (as
// swift-collections and swift-nio keep theirs), so that the library's manifest declares only the
// library, the demo and the tests.
//
//   cd Benchmarks && swift run -c release help-viewer-bench   # writes ../BENCHMARKS.md
//
// help-viewer-bench measures the library and the demo (`help-viewer-demo`, built in the library's
// package); help-viewer-raw-load is the least a Swift program can do to show a page with
// WebKitGTK, which the cold start is compared with. Target names are global across a package
// graph: the system-library targets here are named HelpViewerBench… or are the bench's alone.
import PackageDescription

let package = Package(
  name: "HelpViewerBenchmarks",
  products: [
    .executable(name: "help-viewer-bench", targets: ["HelpViewerBench"]),
    .executable(name: "help-viewer-raw-load", targets: ["HelpViewerRawLoad"]),
  ],
  dependencies: [.package(name: "HelpViewer", path: "..")],
  targets: [
    // Xlib, for the benchmark's screen grabs.
    .systemLibrary(
      name: "HelpViewerCX11", pkgConfig: "x11",
      providers: [.apt(["libx11-dev"])]),
    // GTK and WebKitGTK for the raw program, which links nothing of the library.
    .systemLibrary(
      name: "HelpViewerBenchCWebKit", pkgConfig: "webkitgtk-6.0",
      providers: [.apt(["libwebkitgtk-6.0-dev"])]),
    // The bench also imports the library's inner modules (HelpViewerGlue, HelpViewerBooks,
    // HelpViewerCore and their C modules), which the HelpViewer product builds.
    .executableTarget(
      name: "HelpViewerBench",
      dependencies: [.product(name: "HelpViewer", package: "HelpViewer"), "HelpViewerCX11"],
      exclude: ["QuerySets"]),
    .executableTarget(name: "HelpViewerRawLoad", dependencies: ["HelpViewerBenchCWebKit"]),
  ],
  swiftLanguageModes: [.v6]
)
