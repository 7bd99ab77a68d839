import Foundation
import HelpViewerCore

/// Why a Mallard page was not rendered, when the page itself is the reason (not a missing
/// yelp-xsl or a page the book lacks, which stay `LoadError`s): too large, too slow, or the
/// read confinement is gone. The bundled scheme fails the page's request with a GError in
/// `domain` whose code is `code` and whose message is `description`; `loadError` is the one
/// place where it becomes a `LoadError` for the API that throws those.
///
/// ```swift
/// do { _ = try await page.renderedPage() } catch let error as MallardRenderError { print(error.code) }
/// ```
public enum MallardRenderError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The page, with what it includes, is larger than `limit` bytes (`bytes` read when it
  /// stopped: at least `limit + 1`, or the file's size).
  case tooLarge(file: String, bytes: Int, limit: Int)
  /// Rendering took longer than `seconds` and was stopped.
  case tooSlow(file: String, seconds: Double)
  /// libxml2's or libxslt's loader is no longer HelpViewer's (the host installed its own after
  /// the first render), so reads can no longer be confined to the book: nothing is rendered.
  case confinementLost(String)

  /// The GError domain of these errors on a bundled scheme's request.
  public static let domain = "help-viewer-mallard-render"

  /// The GError code: 1 too large, 2 too slow, 3 confinement lost.
  public var code: Int {
    switch self {
    case .tooLarge: 1
    case .tooSlow: 2
    case .confinementLost: 3
    }
  }

  /// The file the error is about (the page's, or the loader's name).
  public var file: String {
    switch self {
    case .tooLarge(let file, _, _), .tooSlow(let file, _): file
    case .confinementLost(let loader): loader
    }
  }

  public var description: String {
    switch self {
    case .tooLarge(let file, _, let limit):
      "The Mallard page \(file) is larger than \(limit >> 20) MiB with what it includes; it was not rendered."
    case .tooSlow(let file, let seconds):
      "Rendering the Mallard page \(file) took longer than \(Self.format(seconds)) s; it was stopped."
    case .confinementLost(let loader):
      "The application replaced \(loader) after HelpViewer installed its own, so help pages can no longer "
        + "be kept from reading files outside their book; none is rendered."
    }
  }

  /// As a `LoadError` (`.pageTooLarge`, `.pageTooSlow`, or `.cannotShowContent` when the
  /// confinement is gone; this description as details).
  public var loadError: LoadError {
    switch self {
    case .tooLarge: LoadError(.pageTooLarge, url: file, details: description)
    case .tooSlow: LoadError(.pageTooSlow, url: file, details: description)
    case .confinementLost: LoadError(.cannotShowContent, url: file, details: description)
    }
  }

  private static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
  }
}
