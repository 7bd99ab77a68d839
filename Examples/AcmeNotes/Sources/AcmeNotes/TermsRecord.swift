import CGtk
import Foundation
import HelpViewer

/// Whether the terms were accepted, kept as the receipt's JSON in the app's configuration folder.
@MainActor
final class TermsRecord {
  private let file: URL = {
    let config = String(cString: g_get_user_config_dir())
    return URL(fileURLWithPath: config).appendingPathComponent("acme-notes/terms-receipt.json")
  }()

  /// Whether a receipt is on disk.
  var isAccepted: Bool { receipt != nil }

  /// The receipt on disk, if it can be read.
  var receipt: TermsReceipt? {
    guard let data = try? Data(contentsOf: file) else { return nil }
    return try? JSONDecoder().decode(TermsReceipt.self, from: data)
  }

  /// Saves `receipt`, replacing any earlier one.
  func save(_ receipt: TermsReceipt) {
    do {
      try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try JSONEncoder().encode(receipt).write(to: file, options: .atomic)
    } catch {
      FileHandle.standardError.write(Data("AcmeNotes: cannot save the terms receipt: \(error)\n".utf8))
    }
  }
}
