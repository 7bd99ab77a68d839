import Foundation

/// GNOME's own help (`help:gnome-help`) opened by Yelp and by the demo, launches alternating in
/// one run: Yelp timed from its spawn until its page is on the screen, the demo by the
/// `startToLoaded` it reports (alone and while the screen is grabbed) and, for fairness, on the
/// screen exactly like Yelp (`LaunchComparison`).
///
/// ```swift
/// let result = try YelpComparison.run(rounds: 7)   // result.other.median (Yelp), result.demoReported.median
/// ```
enum YelpComparison {
  static let address = "help:gnome-help"

  /// `other` is Yelp.
  typealias Result = LaunchComparison.Result

  /// One unmeasured launch of each, then `rounds` of Yelp, the demo reporting (alone, then
  /// while the screen is grabbed) and the demo on the screen, in turn.
  static func run(rounds: Int) throws -> Result {
    guard let yelp = Programs.which("yelp") else {
      return Result(skipped: "Yelp is not installed (Debian's `yelp`)")
    }
    let comparison = LaunchComparison(
      name: "Yelp", label: "gnome help", program: yelp, arguments: [address], demoArguments: ["--open", address],
      alsoWhileGrabbing: true)
    return try comparison.run(rounds: rounds)
  }
}
