import Foundation
import HelpViewerCore
import HelpViewerGlue

/// Serves the app's own pages under `help-viewer://NAME/PATH` with correct MIME types, from
/// the folders the app registers. HelpViewer ships no pages and registers no folder of its own.
/// Nothing outside a folder is ever served; a missing file, or a name no folder is registered
/// as, fails as "Page Not Found".
///
/// Find the folder as an installed app keeps it with `ResourceLocator`, register it, open it:
///
/// ```swift
/// let pages = try ResourceLocator("Notes_NotesHelp.resources", entry: "help/index.html").locate()
/// BundledScheme.register(folder: pages, as: "notes")
/// HelpDialog.present(BundledScheme.url("help/index.html", in: "notes"), over: window)
/// ```
@MainActor
public enum BundledScheme {
  private static var folders: [String: URL] = [:]
  /// What the pages served under a name may load from outside their origin, by name (names not
  /// here: nothing, `BundledPagePolicy.ownOrigin`).
  private static var pagePolicies: [String: BundledPagePolicy] = [:]

  /// Serves `folder` as `help-viewer://NAME/…` in every viewer of the process (`name` is a
  /// host name: letters, digits, `-`, `.`; case does not matter). Registering a name again
  /// replaces its folder. Its pages may load and connect to nothing outside
  /// `help-viewer://NAME` unless `policy` names more (`BundledPagePolicy`): every file is
  /// served with that Content-Security-Policy.
  public static func register(folder: URL, as name: String, policy: BundledPagePolicy = .ownOrigin) {
    HelpViewerEngine.integrateMainLoop()
    folders[name.lowercased()] = folder
    forgetBook(named: name.lowercased())
    setPagePolicy(policy, for: name)
  }

  /// Lets the pages served as `name` (a registered folder, an HTML book: `name(for:)` gives
  /// a book's) load from what `policy` allows besides their own origin. Mallard pages are
  /// rendered by the viewer and keep their own policy, which allows nothing outside.
  public static func setPagePolicy(_ policy: BundledPagePolicy, for name: String) {
    pagePolicies[name.lowercased()] = policy == .ownOrigin ? nil : policy
  }

  /// The headers of the host's pages served as `name`.
  static func hostHeaders(for name: String) -> [String: String] {
    [
      ContentSecurityPolicy.headerName: (pagePolicies[name.lowercased()] ?? .ownOrigin).header,
      // Lets a page fetch from its own book: WebKit gives the documents of a local scheme no
      // origin a fetch's response could name. Pages from the network never reach the scheme.
      "Access-Control-Allow-Origin": "*",
    ]
  }

  /// Stops serving the folder registered as `name` (a book now takes the name).
  static func unregisterFolder(named name: String) {
    folders[name] = nil
  }

  /// The address of `path` in the folder registered as `name`.
  public static func url(_ path: String, in name: String) -> URL {
    URL(string: BundledAddress.url(path, in: name)) ?? URL(fileURLWithPath: "/")
  }

  /// Called with the address of each request before it is answered; `nil` (nothing kept, nothing
  /// called) unless a test sets it through `@testable` to see what a page reached. `reset()`
  /// clears it.
  static var onRequest: (@MainActor (String) -> Void)?

  /// Answers one request (called by WebKit through the shared web context).
  static func serve(_ request: URISchemeRequest) {
    onRequest?(request.uri)
    if serveBook(request) { return }
    let name = request.host.lowercased()
    guard let root = folders[name] else {
      let details = "No folder is registered as “\(name)” (BundledScheme.register(folder:as:))."
      fail(request, with: LoadError(.pageNotFound, details: details))
      return
    }
    switch ContentPath.resolve(request.path, in: root) {
    case .success(let file):
      serveFile(file, in: root, for: request)
    case .failure(let error):
      fail(request, with: error)
    }
  }

  /// Answers `request` with `file`'s bytes, streamed from the file opened here (never read
  /// whole into memory), with `policy` (by default the host pages' policy, `hostHeaders`). Once opened, the file must be a regular
  /// file (a named pipe or device is refused rather than read, so it never blocks the main
  /// thread) of at most `RegularFile.servedLimit` bytes, and really inside `folder`: a file
  /// swapped for a link since `ContentPath` resolved it is refused.
  static func serveFile(_ file: URL, in folder: URL, for request: URISchemeRequest, policy: String? = nil) {
    do throws(RegularFile.Problem) {
      let opened = try RegularFile.open(
        file, limit: RegularFile.servedLimit, inside: [ContentPath.canonicalPath(folder.path)])
      request.respond(
        descriptor: opened.takeDescriptor(), length: opened.size, contentType: MIMETypes.type(forPath: file.path),
        headers: policy.map { [ContentSecurityPolicy.headerName: $0] } ?? hostHeaders(for: request.host))
    } catch {
      let kind: LoadError.Kind =
        switch error {
        case .outside: .blockedByPolicy
        case .missing: .pageNotFound
        case .tooLarge: .pageTooLarge
        default: .cannotShowContent
        }
      fail(request, with: LoadError(kind, details: "Cannot read \(request.path): \(error.details)"))
    }
  }
}
