/// Why a page could not be shown: a typed, retryable error written for people.
///
/// Every failure the viewer reports is one of these. `kind` is stable (its raw value is what
/// `help-viewer-demo --report` prints as `error.kind`); `title` and `message` are meant to be
/// shown to the person using the app; `details` holds the underlying technical error.
///
/// ```swift
/// if case .failed(let error) = viewer.state.phase {
///   print(error.kind, error.title, error.message)
/// }
/// ```
public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, in categories a host can act on.
  public enum Kind: String, Sendable, CaseIterable, Codable {
    case invalidURL
    case unsupportedScheme
    case hostNotFound
    case cannotConnect
    case timedOut
    case tlsFailure
    case httpError
    case blockedPort
    case tooManyRedirects
    case webProcessTerminated
    /// The page stopped answering (a script that never returns): the viewer ends its web
    /// process when it reloads.
    case pageNotResponding
    case cannotShowContent
    case blockedByPolicy
    /// The app's own files (pages, a resource bundle) are not where an installed app keeps them.
    case resourcesNotFound
    /// A GNOME `help:` address whose app has no help installed, or whose help lacks the page.
    /// `url` is the address (`help:APP` or `help:APP/PAGE`); Retry cannot help.
    case helpNotFound
    /// Help in a format the viewer cannot show (DocBook's `index.docbook`).
    case helpFormatUnsupported
    /// Help the viewer shows only with a package that is not installed (Mallard pages need
    /// `yelp-xsl`'s stylesheets).
    case helpRendererMissing
    /// A page of the app's own content (a bundled folder, a help book) that is not there: a
    /// link out of date, a topic the book lacks. Retry cannot help.
    case pageNotFound
    /// A page of the app's own content that is not valid (a Mallard page that is not
    /// well-formed XML); `details` names the file, line and column. Retry cannot help.
    case invalidPage
    /// A page of the app's own content too large to show. Retry cannot help.
    case pageTooLarge
    /// A page of the app's own content that took longer to prepare than the viewer allows
    /// (a Mallard page rendering); on a busy machine, Retry may help.
    case pageTooSlow
    case other
  }

  /// The category of the failure.
  public var kind: Kind
  /// The address that failed, when there is one.
  public var url: String?
  /// The HTTP status of the main resource, for `.httpError`.
  public var httpStatus: Int?
  /// The underlying error (domain, code and message), for people who want to know more.
  public var details: String?

  public init(_ kind: Kind, url: String? = nil, httpStatus: Int? = nil, details: String? = nil) {
    self.kind = kind
    self.url = url
    self.httpStatus = httpStatus
    self.details = details
  }

  /// A short headline for the error view, e.g. "Cannot Reach the Server".
  public var title: String { ErrorText.title(for: self) }

  /// One or two sentences that say what happened and what the person can do.
  public var message: String { ErrorText.message(for: self) }

  /// Whether loading again can help: `false` for help that is not installed or not in a
  /// format the viewer shows, and for the app's own pages that are missing, not valid or too
  /// large (the error view then offers no Retry).
  public var isRetryable: Bool { !Self.finalKinds.contains(kind) }

  /// The kinds that loading again cannot change.
  static let finalKinds: Set<Kind> = [
    .helpNotFound, .helpFormatUnsupported, .pageNotFound, .invalidPage, .pageTooLarge,
  ]

  /// Whether the error is about the app's own content (no server is involved).
  public var isAboutLocalContent: Bool {
    [.pageNotFound, .invalidPage, .pageTooLarge, .pageTooSlow].contains(kind)
      || LocalContent.isLocal(url)
  }

  public var description: String {
    var text = "\(kind.rawValue): \(message)"
    if let details { text += " (\(details))" }
    return text
  }
}
