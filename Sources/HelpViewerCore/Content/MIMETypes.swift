/// The MIME type of a bundled file, by its extension.
///
/// ```swift
/// MIMETypes.type(forPath: "help/style.css")  // "text/css"
/// ```
public enum MIMETypes {
  static let byExtension: [String: String] = [
    "html": "text/html", "htm": "text/html", "xhtml": "application/xhtml+xml",
    "css": "text/css", "js": "text/javascript", "mjs": "text/javascript", "json": "application/json",
    "txt": "text/plain", "md": "text/markdown", "xml": "application/xml",
    "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
    "gif": "image/gif", "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon",
    "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
    "pdf": "application/pdf", "mp4": "video/mp4", "webm": "video/webm", "ogg": "audio/ogg",
    "mp3": "audio/mpeg", "wav": "audio/wav",
  ]

  /// The type for `path`, `application/octet-stream` when the extension is unknown.
  public static func type(forPath path: String) -> String {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return "application/octet-stream" }
    let ext = path[path.index(after: dot)...].lowercased()
    return byExtension[ext] ?? "application/octet-stream"
  }

}
