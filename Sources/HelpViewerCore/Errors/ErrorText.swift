import Foundation

/// The words people read in the error view: one title and one message per `LoadError.Kind`,
/// translated with `localized(_:)`. Messages that name the server have a variant without a name
/// for addresses that have none.
enum ErrorText {
  static func title(for error: LoadError) -> String {
    switch error.kind {
    case .invalidURL: return localized("Invalid Address")
    case .unsupportedScheme: return localized("Cannot Open This Kind of Address")
    case .hostNotFound: return localized("Server Not Found")
    case .cannotConnect: return localized("Cannot Reach the Server")
    case .timedOut: return localized("The Page Took Too Long")
    case .tlsFailure: return localized("Secure Connection Failed")
    case .httpError:
      switch error.httpStatus ?? 0 {
      case 404, 410: return localized("Page Not Found")
      case 500...: return localized("Server Error")
      default: return localized("The Page Could Not Be Loaded")
      }
    case .blockedPort: return localized("Address Blocked")
    case .tooManyRedirects: return localized("Redirect Loop")
    case .webProcessTerminated: return localized("The Page Stopped Working")
    case .pageNotResponding: return localized("Page Not Responding")
    case .cannotShowContent: return localized("Cannot Show This Content")
    case .blockedByPolicy: return localized("Address Not Allowed")
    case .resourcesNotFound: return localized("Files Missing")
    case .helpNotFound: return localized("Help Not Found")
    case .helpFormatUnsupported: return localized("Cannot Show This Help")
    case .helpRendererMissing: return localized("Help Viewer Incomplete")
    case .pageNotFound: return localized("Page Not Found")
    case .invalidPage: return localized("Page Cannot Be Shown")
    case .pageTooLarge: return localized("Page Too Large")
    case .pageTooSlow: return localized("Page Too Slow to Show")
    case .other: return localized("Something Went Wrong")
    }
  }

  static func message(for error: LoadError) -> String {
    let isFile = LocalContent.isLocal(error.url)
    // The bundled scheme's host is a folder's or a book's name (`book-1`), never a server.
    let host = isFile ? nil : error.url.flatMap(URLInput.host(of:))
    // Technical, so not translated; the sentences have a placeholder for it.
    let status = isFile ? "" : error.httpStatus.map { " (HTTP \($0))" } ?? ""
    /// The message naming the server when the address has a host name.
    func naming(_ withHost: String, _ withoutHost: String, _ values: String...) -> String {
      guard let host else { return String(format: withoutHost, arguments: values) }
      return String(format: withHost, arguments: [host] + values)
    }
    switch error.kind {
    case .invalidURL:
      return localized("The address is empty or is not a valid web address. Check it and try again.")
    case .unsupportedScheme:
      // Never "“http:” addresses cannot be opened": web addresses are what the viewer opens.
      guard let scheme = error.url.flatMap(URLInput.scheme(of:)),
        !ErrorClassifier.loadableSchemes.contains(scheme)
      else {
        return localized("Addresses like this cannot be opened here. Only web pages can.")
      }
      return String(format: localized("“%@:” addresses cannot be opened here. Only web pages can."), scheme)
    case .hostNotFound:
      return naming(
        localized("The server “%@” could not be found. Check the address and your internet connection."),
        localized("The server could not be found. Check the address and your internet connection."))
    case .cannotConnect:
      return naming(
        localized("Could not connect to the server “%@”. It may be down, or you may be offline."),
        localized("Could not connect to the server. It may be down, or you may be offline."))
    case .timedOut:
      if isFile { return localized("The page took too long to show. Try again.") }
      return naming(
        localized("The server “%@” did not answer in time. Try again later."),
        localized("The server did not answer in time. Try again later."))
    case .tlsFailure:
      return naming(
        localized("The identity of the server “%@” could not be verified, so the page was not loaded."),
        localized("The identity of the server could not be verified, so the page was not loaded."))
    case .httpError:
      switch error.httpStatus ?? 0 {
      case 404, 410:
        if isFile { return localized("This page does not exist. The link may be out of date.") }
        return naming(
          // TRANSLATORS: %1$@ is the server's name, %2$@ the HTTP status such as " (HTTP 404)" or nothing.
          localized("The page does not exist on the server “%1$@”%2$@. The link may be out of date."),
          // TRANSLATORS: %@ is the HTTP status such as " (HTTP 404)" or nothing.
          localized("The page does not exist on the server%@. The link may be out of date."), status)
      case 500...:
        return naming(
          // TRANSLATORS: %1$@ is the server's name, %2$@ the HTTP status such as " (HTTP 500)" or nothing.
          localized("The server “%1$@” had a problem showing this page%2$@. Try again later."),
          // TRANSLATORS: %@ is the HTTP status such as " (HTTP 500)" or nothing.
          localized("The server had a problem showing this page%@. Try again later."), status)
      default:
        return naming(
          // TRANSLATORS: %1$@ is the server's name, %2$@ the HTTP status such as " (HTTP 403)" or nothing.
          localized("The server “%1$@” refused to show this page%2$@."),
          // TRANSLATORS: %@ is the HTTP status such as " (HTTP 403)" or nothing.
          localized("The server refused to show this page%@."), status)
      }
    case .blockedPort:
      return localized("This address uses a network port that is blocked for safety.")
    case .tooManyRedirects:
      return naming(
        localized("The server “%@” keeps redirecting the page in a loop."),
        localized("The server keeps redirecting the page in a loop."))
    case .webProcessTerminated:
      return localized("The page stopped unexpectedly. Reload to try again.")
    case .pageNotResponding:
      return localized("This page is not responding: a script on it may be stuck. Reload to start it again.")
    case .cannotShowContent:
      return localized("This address leads to a file or content that cannot be shown here.")
    case .blockedByPolicy:
      return localized("This app does not allow opening this address.")
    case .resourcesNotFound:
      return localized(
        "This app’s files could not be found. It may not be installed completely; reinstalling it may help.")
    case .helpNotFound:
      let (app, page) = helpAddressNames(error.url)
      if let page {
        // TRANSLATORS: %1$@ is a help page's id such as “calendar”, %2$@ an app's help name such as “zenity”.
        return String(format: localized("The help page “%1$@” is not in the help for “%2$@”."), page, app)
      }
      // TRANSLATORS: %@ is an app's help name such as “zenity”.
      return String(format: localized("No help is installed for “%@”."), app)
    case .helpFormatUnsupported:
      return localized("This help is written in a format this app cannot show.")
    case .helpRendererMissing:
      // TRANSLATORS: %@ is the name of a Debian package, “yelp-xsl”.
      return String(format: localized("Showing this help needs the “%@” package, which is not installed."), "yelp-xsl")
    case .pageNotFound:
      return localized("This page does not exist. The link may be out of date.")
    case .invalidPage:
      return localized("This page has an error in its text and cannot be shown. The app’s help may be damaged.")
    case .pageTooLarge:
      return localized("This page is too large to show.")
    case .pageTooSlow:
      return localized("This page took too long to prepare. Try again.")
    case .other:
      return localized("The page could not be loaded. Try again.")
    }
  }

  /// The app and page of a `help:APP[/PAGE][#section]` address (the app `?` when there is none).
  static func helpAddressNames(_ url: String?) -> (app: String, page: String?) {
    var rest = Substring(url ?? "")
    if rest.lowercased().hasPrefix("help:") { rest = rest.dropFirst(5) }
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    let parts = rest.split(separator: "/", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
    guard let app = parts.first, !app.isEmpty else { return ("?", nil) }
    return (app, parts.count > 1 && parts[1] != "index" ? parts[1] : nil)
  }
}
