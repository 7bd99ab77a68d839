import HelpViewerBooks
import HelpViewerCore

// The names a host needs from the core, and only those. The core's other public names (the
// catalog reader, `localized`, MIME types, the state machine's parts, …) are public only so that
// the package's own targets can use them: a host that imports `HelpViewer` does not see them, and
// may declare its own `SHA256`, `localized` or `Catalog` without ambiguity.

/// Why a page could not be shown: a stable `kind`, a title and a message for people, and the
/// technical details.
public typealias LoadError = HelpViewerCore.LoadError
/// What a viewer shows now: its phase, progress, addresses, title, HTTP status and history.
public typealias LoadState = HelpViewerCore.LoadState
/// The phase of a viewer's load: idle, loading, loaded or failed.
public typealias LoadPhase = HelpViewerCore.LoadPhase
/// Which links open in the viewer and which go to the desktop.
public typealias NavigationPolicy = HelpViewerCore.NavigationPolicy
/// A navigation the policy decides on.
public typealias NavigationRequest = HelpViewerCore.NavigationRequest
/// What the policy decides for a navigation.
public typealias NavigationDecision = HelpViewerCore.NavigationDecision
/// The find bar's state: the text searched for and the matches counted.
public typealias FindState = HelpViewerCore.FindState
/// How a terms dialog ended: accepted with a receipt, declined, or dismissed.
public typealias TermsDecision = HelpViewerCore.TermsDecision
/// A record of exactly which terms document was accepted, and when.
public typealias TermsReceipt = HelpViewerCore.TermsReceipt
/// The bytes-exact identity of a served document: its hash, `ETag` and `Last-Modified`.
public typealias DocumentFingerprint = HelpViewerCore.DocumentFingerprint
/// Finds a resource folder (e.g. a SwiftPM resource bundle) as an installed app lays it out.
public typealias ResourceLocator = HelpViewerCore.ResourceLocator
/// The languages HelpViewer's own strings (buttons, errors) and help books are shown in.
public typealias Localization = HelpViewerCore.Localization

// The help book names a host needs (from `HelpViewerBooks`).

/// A help book: a folder of HTML pages by topic (page id) and language (`C/`, `de/`, …).
public typealias HelpBook = HelpViewerBooks.HelpBook
/// One page of a help book, in the language it is shown in.
public typealias HelpBookPage = HelpViewerBooks.HelpBookPage
/// A page id and, optionally, a section of a help book: what context help opens.
public typealias HelpTopic = HelpViewerBooks.HelpTopic
/// A GNOME `help:APP/PAGE#section` address and its resolution through the XDG data directories.
public typealias HelpAddress = HelpViewerBooks.HelpAddress
/// One answer of a help book search: page title, section, snippet, best first.
public typealias SearchResult = HelpViewerBooks.SearchResult
/// What a help book search found: the results, and the corrected query when a misspelt word
/// was corrected.
public typealias SearchAnswer = HelpViewerBooks.SearchAnswer
