/// Why printing to a file did not work, in words for people.
///
/// ```swift
/// viewer.print(toPDF: "/tmp/help.pdf") { failure in if let failure { show(failure.message) } }
/// ```
public struct PrintFailure: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, from GTK's print system or the viewer.
  public var message: String

  /// A failure saying `message`.
  public init(message: String) {
    self.message = message
  }

  public var description: String { message }
}
