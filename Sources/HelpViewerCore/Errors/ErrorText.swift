/// The words people read in the error view: one title and one message per `LoadError.Kind`.
enum ErrorText {
  static func title(for error: LoadError) -> String {
    switch error.kind {
    case .invalidURL: return "Invalid Address"
    case .unsupportedScheme: return "Cannot Open This Kind of Address"
    case .hostNotFound: return "Server Not Found"
    case .cannotConnect: return "Cannot Reach the Server"
    case .timedOut: return "The Page Took Too Long"
    case .tlsFailure: return "Secure Connection Failed"
    case .httpError:
      switch error.httpStatus ?? 0 {
      case 404, 410: return "Page Not Found"
      case 500...: return "Server Error"
      default: return "The Page Could Not Be Loaded"
      }
    case .blockedPort: return "Address Blocked"
    case .tooManyRedirects: return "Redirect Loop"
    case .webProcessTerminated: return "The Page Stopped Working"
    case .cannotShowContent: return "Cannot Show This Content"
    case .blockedByPolicy: return "Address Not Allowed"
    case .other: return "Something Went Wrong"
    }
  }

  static func message(for error: LoadError) -> String {
    let name = error.url.flatMap(URLInput.host(of:)).map { " “\($0)”" } ?? ""
    let server = "the server" + name
    let theServer = "The server" + name
    let isFile = ["file", BundledAddress.scheme].contains(error.url.flatMap(URLInput.scheme(of:)) ?? "")
    let status = isFile ? "" : error.httpStatus.map { " (HTTP \($0))" } ?? ""
    switch error.kind {
    case .invalidURL:
      return "The address is empty or is not a valid web address. Check it and try again."
    case .unsupportedScheme:
      let scheme = error.url.flatMap(URLInput.scheme(of:)).map { "“\($0):” addresses" }
      return "\(scheme ?? "Addresses like this") cannot be opened here. Only web pages can."
    case .hostNotFound:
      return "\(theServer) could not be found. Check the address and your internet connection."
    case .cannotConnect:
      return "Could not connect to \(server). It may be down, or you may be offline."
    case .timedOut:
      return "\(theServer) did not answer in time. Try again later."
    case .tlsFailure:
      return "The identity of \(server) could not be verified, so the page was not loaded."
    case .httpError:
      switch error.httpStatus ?? 0 {
      case 404, 410:
        if isFile { return "This page does not exist. The link may be out of date." }
        return "The page does not exist on \(server)\(status). The link may be out of date."
      case 500...: return "\(theServer) had a problem showing this page\(status). Try again later."
      default: return "\(theServer) refused to show this page\(status)."
      }
    case .blockedPort:
      return "This address uses a network port that is blocked for safety."
    case .tooManyRedirects:
      return "\(theServer) keeps redirecting the page in a loop."
    case .webProcessTerminated:
      return "The page stopped unexpectedly. Reload to try again."
    case .cannotShowContent:
      return "This address leads to a file or content that cannot be shown here."
    case .blockedByPolicy:
      return "This app does not allow opening this address."
    case .other:
      return "The page could not be loaded. Try again."
    }
  }
}
