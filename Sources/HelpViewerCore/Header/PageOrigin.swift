import Foundation

/// Where the page shown comes from, as the dialog's header says it: the host line under the
/// title, whether the connection is encrypted, and the address a browser could open.
///
/// Bundled pages (`help-viewer:`) and local files have no host line. A browser can open web and
/// file addresses, not the package's bundled scheme.
///
/// ```swift
/// let origin = PageOrigin(state)
/// subtitle.text = origin.host ?? ""
/// lock.visible = origin.security == .encrypted
/// ```
public struct PageOrigin: Sendable, Equatable {
  /// How the page came over the network.
  public enum Security: Sendable, Equatable {
    /// HTTPS: WebKit refused the page if its certificate was not valid (or trusted by the host).
    case encrypted
    /// Plain HTTP.
    case unencrypted
    /// A bundled page, a local file, or nothing yet: no network involved.
    case local
  }

  /// The host (with a port other than the default) for the line under the title; `nil` for
  /// bundled pages, files and nothing.
  public let host: String?
  /// How the page came.
  public let security: Security
  /// The address "Open in Browser" opens; `nil` when a browser cannot open it.
  public let browserURL: String?

  /// The origin of `address` (a page's URL).
  public init(address: String?) {
    guard let address, let components = URLComponents(string: address),
      let scheme = components.scheme?.lowercased()
    else {
      host = nil
      security = .local
      browserURL = nil
      return
    }
    switch scheme {
    case "https", "http":
      let name = components.host ?? ""
      host = components.port.map { "\(name):\($0)" } ?? name
      security = scheme == "https" ? .encrypted : .unencrypted
      browserURL = address
    case "file":
      host = nil
      security = .local
      browserURL = address
    default:
      host = nil
      security = .local
      browserURL = nil
    }
  }

  /// The origin of what `state` shows: the page loaded, or the address that failed. Over the
  /// bundled offline copy there is no host line (the page is not from there), but a browser may
  /// still reach the real address.
  public init(_ state: LoadState) {
    if state.isOfflineCopy {
      let real = PageOrigin(address: state.requestedURL)
      self.init(host: nil, security: .local, browserURL: real.browserURL)
    } else if state.error != nil {
      self.init(address: state.requestedURL)
    } else {
      self.init(address: state.url ?? state.requestedURL)
    }
  }

  private init(host: String?, security: Security, browserURL: String?) {
    self.host = host
    self.security = security
    self.browserURL = browserURL
  }
}
