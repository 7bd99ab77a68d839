// swift-tools-version:6.0
// AcmeNotes: an existing GTK 4 app that adopts HelpViewer. It gets GTK through a target of its own
// named `CGtk` (as SwiftGtk and swift-cross-ui name theirs), and ships its own help pages.
import PackageDescription

let package = Package(
  name: "AcmeNotes",
  dependencies: [
    // A real host writes `.package(url: "https://…/HelpViewer.git", from: "…")`.
    .package(name: "HelpViewer", path: "../..")
  ],
  targets: [
    .systemLibrary(name: "CGtk", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
    .executableTarget(
      name: "AcmeNotes",
      dependencies: ["CGtk", .product(name: "HelpViewer", package: "HelpViewer")],
      resources: [.copy("Help")]),
  ],
  swiftLanguageModes: [.v6]
)
