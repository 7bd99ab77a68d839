import CGtk
import Foundation

// Names AcmeNotes had before it adopted HelpViewer. HelpViewer's core has a `SHA256` and a
// `localized` of its own; `import HelpViewer` does not bring them here, so these stay unambiguous.

/// The app's strings (AcmeNotes ships in English only).
func localized(_ text: String) -> String { text }

/// A SHA-256 of the app's notes, through GLib.
enum SHA256 {
  static func hex(_ text: String) -> String {
    guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return "" }
    defer { g_checksum_free(checksum) }
    let bytes = Array(text.utf8)
    g_checksum_update(checksum, bytes, bytes.count)
    return String(cString: g_checksum_get_string(checksum))
  }
}
