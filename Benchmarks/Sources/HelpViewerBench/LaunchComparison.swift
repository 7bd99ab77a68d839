import Foundation

/// Another program against the demo from a cold start, launches alternating in one run: the
/// other program timed from its spawn until its page is on the screen (`ScreenWatch`), the demo
/// by the `startToLoaded` its `--report` gives and, for fairness, on the screen exactly like the
/// other (with its terms accepted: `DemoHome`). `YelpComparison` and `StartupComparison` are its
/// uses.
///
/// ```swift
/// let yelp = LaunchComparison(
///   name: "Yelp", label: "gnome help", program: URL(fileURLWithPath: "/usr/bin/yelp"),
///   arguments: ["help:gnome-help"], demoArguments: ["--open", "help:gnome-help"])
/// let result = try yelp.run(rounds: 7)   // result.other.median, result.demoReported.median
/// ```
struct LaunchComparison {
  /// The other program's name, for the log.
  var name: String
  /// What the log lines start with.
  var label: String
  var program: URL
  var arguments: [String]
  /// The demo's arguments for the same page; `--report` is added for its `startToLoaded`.
  var demoArguments: [String]
  /// Whether to measure the demo's `startToLoaded` also while the screen is grabbed.
  var alsoWhileGrabbing = false

  struct Result: Codable {
    /// Spawn → the other program's page on the screen (ms).
    var other = Samples()
    /// The demo's own `startToLoaded`, process start → `.loaded` (ms).
    var demoReported = Samples()
    /// The same runs' start-up milestones (`timings.milestones`: `main`, `gtkReady`, …), ms
    /// from the process's start.
    var demoMilestones: [String: Samples] = [:]
    /// The same while the screen is grabbed as for the other program: what the watching costs
    /// the program. Empty unless `alsoWhileGrabbing`.
    var demoReportedWhileGrabbing = Samples()
    /// Spawn → the demo's page on the screen, measured as the other program's (ms).
    var demoScreen = Samples()
    /// The time between two screen grabs (ms): the resolution of the screen rows.
    var grabIntervals = Samples()
    /// `XShmGetImage` or `XGetImage`.
    var grabCall = ""
    /// Why the comparison did not run, when it did not.
    var skipped: String?
  }

  /// One unmeasured launch of each, then `rounds` of the other program, the demo reporting
  /// (alone, then while the screen is grabbed when `alsoWhileGrabbing`) and the demo on the
  /// screen, in turn.
  func run(rounds: Int) throws -> Result {
    let demo = Programs.demo
    guard FileManager.default.isExecutableFile(atPath: demo.path) else {
      throw BenchError("\(demo.path) is missing: build the demo first (swift build -c release)")
    }
    let watch = try ScreenWatch()
    let home = try DemoHome.environment()
    var result = Result()
    for round in 0...rounds {
      Driver.log(
        round == 0 ? "\(label): one unmeasured launch of each" : "\(label): \(name) vs demo, \(round)/\(rounds)")
      let otherShown = try watch.launch(program, arguments)
      let reported = try startToLoaded(demo)
      let reportedWhileGrabbing = try alsoWhileGrabbing ? watch.whileGrabbing { try startToLoaded(demo).loaded } : nil
      let demoShown = try watch.launch(demo, demoArguments, environment: home)
      guard round > 0 else { continue }
      result.other.add(otherShown)
      result.demoReported.add(reported.loaded)
      for (name, milliseconds) in reported.milestones {
        result.demoMilestones[name, default: Samples()].add(milliseconds)
      }
      if let reportedWhileGrabbing { result.demoReportedWhileGrabbing.add(reportedWhileGrabbing) }
      result.demoScreen.add(demoShown)
    }
    result.grabIntervals = watch.grabIntervals
    result.grabCall = watch.grabCall
    return result
  }

  /// `help-viewer-demo DEMO-ARGUMENTS --report`'s `timings.startToLoaded` and its milestones,
  /// in ms.
  private func startToLoaded(_ demo: URL) throws -> (loaded: Double, milestones: [String: Double]) {
    let arguments = demoArguments + ["--report"]
    let run = try Programs.run(demo, arguments)
    guard run.status == 0, let timings = Self.reportedTimings(run.output) else {
      throw BenchError(
        "help-viewer-demo \(arguments.joined(separator: " ")) did not load (\(run.status)): \(run.output.suffix(300))")
    }
    return timings
  }

  /// The `timings.startToLoaded` and milestones (ms) of a demo `--report`'s JSON line in
  /// `output`; `nil` when there is none or the page did not load.
  static func reportedTimings(_ output: String) -> (loaded: Double, milestones: [String: Double])? {
    struct Line: Decodable {
      struct Timings: Decodable {
        var startToLoaded: Double?
        var milestones: [String: Double]?
      }
      var timings: Timings?
    }
    let line = output.split(separator: "\n").last { $0.hasPrefix("{") } ?? ""
    guard let report = try? JSONDecoder().decode(Line.self, from: Data(line.utf8)),
      let seconds = report.timings?.startToLoaded
    else { return nil }
    return (seconds * 1000, (report.timings?.milestones ?? [:]).mapValues { $0 * 1000 })
  }
}
