import Foundation

/// GNOME's own help (`help:gnome-help`) opened by Yelp and by the demo, launches alternating in
/// one run: Yelp timed from its spawn until its page is on the screen, the demo by the
/// `startToLoaded` it reports and, for fairness, on the screen exactly like Yelp.
///
/// ```swift
/// let result = try YelpComparison.run(rounds: 7)   // result.yelp.median, result.demoReported.median
/// ```
enum YelpComparison {
  static let address = "help:gnome-help"

  struct Result: Codable {
    /// Spawn → Yelp's page on the screen (ms).
    var yelp = Samples()
    /// The demo's own `startToLoaded`, process start → `.loaded` (ms).
    var demoReported = Samples()
    /// The same while the screen is grabbed as for Yelp: what the watching costs the program.
    var demoReportedWhileGrabbing = Samples()
    /// Spawn → the demo's page on the screen, measured as Yelp's (ms).
    var demoScreen = Samples()
    /// The time between two screen grabs (ms): the resolution of the screen rows.
    var grabIntervals = Samples()
    /// `XShmGetImage` or `XGetImage`.
    var grabCall = ""
    /// Why the comparison did not run, when it did not.
    var skipped: String?
  }

  /// One unmeasured launch of each, then `rounds` of Yelp, the demo reporting (alone, then
  /// while the screen is grabbed) and the demo on the screen, in turn.
  static func run(rounds: Int) throws -> Result {
    guard let yelp = Programs.which("yelp") else {
      return Result(skipped: "Yelp is not installed (Debian's `yelp`)")
    }
    let demo = Programs.sibling("help-viewer-demo")
    guard FileManager.default.isExecutableFile(atPath: demo.path) else {
      throw BenchError("\(demo.path) is missing: build everything first (swift build -c release)")
    }
    let watch = try ScreenWatch()
    var result = Result()
    for round in 0...rounds {
      Driver.log(
        round == 0 ? "gnome help: one unmeasured launch of each" : "gnome help: Yelp vs demo, \(round)/\(rounds)")
      let yelpShown = try watch.launch(yelp, [address])
      let reported = try startToLoaded(demo)
      let reportedWhileGrabbing = try watch.whileGrabbing { try startToLoaded(demo) }
      let demoShown = try watch.launch(demo, ["--open", address])
      guard round > 0 else { continue }
      result.yelp.add(yelpShown)
      result.demoReported.add(reported)
      result.demoReportedWhileGrabbing.add(reportedWhileGrabbing)
      result.demoScreen.add(demoShown)
    }
    result.grabIntervals = watch.grabIntervals
    result.grabCall = watch.grabCall
    return result
  }

  /// `help-viewer-demo --open help:gnome-help --report`'s `timings.startToLoaded`, in ms.
  private static func startToLoaded(_ demo: URL) throws -> Double {
    struct Line: Decodable {
      struct Timings: Decodable { var startToLoaded: Double? }
      var timings: Timings?
    }
    let run = try Programs.run(demo, ["--open", address, "--report"])
    let line = run.output.split(separator: "\n").last { $0.hasPrefix("{") } ?? ""
    guard run.status == 0, let report = try? JSONDecoder().decode(Line.self, from: Data(line.utf8)),
      let seconds = report.timings?.startToLoaded
    else { throw BenchError("help-viewer-demo --open \(address) --report did not load (\(run.status)): \(line)") }
    return seconds * 1000
  }
}
