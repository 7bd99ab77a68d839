import Foundation

/// Runs every measurement, each in fresh processes where it matters.
enum Driver {
  struct Results {
    var opens: [PageKind: OpenBench.Result] = [:]
    /// The 127.0.0.1 opens again with GTK's cairo renderer (`GSK_RENDERER=cairo`) instead of GL,
    /// which under Xvfb is Mesa's llvmpipe: what the window and its GL set-up cost.
    var cairoOpens = OpenBench.Result()
    /// The demo's reported `startToLoaded` (process start → `.loaded`), in the runs that
    /// `demoWholeRun` times to their exit.
    var demoStart = Samples()
    var demoWholeRun = Samples()
    var rawStart = Samples()
    /// The demo's cold start against MiniBrowser's, on the screen and by its report.
    var startup = LaunchComparison.Result()
    var memory = MemoryBench.Result()
    /// The other scenarios' cycles (book dialogs with a search, embedded viewers).
    var otherMemory: [MemoryBench.Result] = []
    var miniBrowser = Samples()
    var miniBrowserProcesses = 0
    var rounds = 0
    /// Help search on the Node.js API documentation; `nil` when it is not installed.
    var search: SearchBench.Result?
    var searchSeconds = 0.0
    /// GNOME's help against Yelp, warm dialog opens and links, its index build.
    var gnome = GnomeBench.Result()
    var gnomeSeconds = 0.0
  }

  static func run(rounds: Int) throws -> Results {
    var results = Results()
    results.rounds = rounds
    let demo = Programs.demo
    let raw = Programs.sibling("help-viewer-raw-load")
    let helpFile = try prepare([demo, raw])

    // Open → loaded: a fresh process per round, so that each has a true first open.
    for page in PageKind.allCases {
      var total = OpenBench.Result()
      for round in 0..<rounds {
        log("open → loaded, \(page.rawValue) page, process \(round + 1)/\(rounds)")
        let one = try Programs.child(OpenBench.Result.self, ["opens", "--page", page.rawValue, "--rounds", "2"])
        total = total.merged(with: one)
      }
      results.opens[page] = total
    }
    // Half as many processes (10 samples of each open after the first; at least 5 first opens).
    let cairoRounds = max(rounds / 2, 5)
    for round in 0..<cairoRounds {
      log("open → loaded, 127.0.0.1 page, GSK_RENDERER=cairo, process \(round + 1)/\(cairoRounds)")
      let one = try Programs.child(
        OpenBench.Result.self, ["opens", "--page", "http", "--rounds", "2"], environment: ["GSK_RENDERER": "cairo"])
      results.cairoOpens = results.cairoOpens.merged(with: one)
    }

    // Process start → loaded → exit, alternating, after one unmeasured run of each.
    log("cold start: help-viewer-demo --show help --report vs help-viewer-raw-load")
    _ = try Programs.run(demo, ["--show", "help", "--report"])
    _ = try Programs.run(raw, [helpFile])
    for _ in 0..<rounds {
      let app = try Programs.run(demo, ["--show", "help", "--report"])
      guard app.status == 0, let reported = LaunchComparison.reportedTimings(app.output) else {
        throw BenchError("help-viewer-demo failed (\(app.status))")
      }
      results.demoStart.add(reported.loaded)
      results.demoWholeRun.add(app.milliseconds)
      let minimal = try Programs.run(raw, [helpFile])
      guard minimal.status == 0 else { throw BenchError("help-viewer-raw-load failed (\(minimal.status))") }
      results.rawStart.add(minimal.milliseconds)
    }
    results.startup = try StartupComparison.run(page: helpFile)

    log("memory: one dialog, then 100 open/close cycles")
    results.memory = try Programs.child(
      MemoryBench.Result.self, ["memory", "--cycles", "100"], environment: HeapInUse.environment)
    for scenario in MemoryBench.Scenario.allCases where scenario != .dialog {
      log("memory: 100 \(scenario.cycleName)")
      results.otherMemory.append(
        try Programs.child(
          MemoryBench.Result.self, ["memory", "--scenario", scenario.rawValue, "--cycles", "100"],
          environment: HeapInUse.environment))
    }
    if FileManager.default.isExecutableFile(atPath: Programs.miniBrowser) {
      for round in 0..<3 {
        log("memory: MiniBrowser \(round + 1)/3")
        let measured = try Programs.miniBrowserMemory(helpFile)
        results.miniBrowser.add(measured.pss)
        results.miniBrowserProcesses = measured.processes
      }
    }

    let searchStart = now()
    results.search = try SearchBench.runAll()
    results.searchSeconds = (now() - searchStart) / 1000

    let gnomeStart = now()
    results.gnome = try GnomeBench.run()
    results.gnomeSeconds = (now() - gnomeStart) / 1000
    return results
  }

  /// Builds (or brings up to date) `programs`, each in the package whose build folder holds it
  /// (the demo in the library's, the raw program in this one: `swift run help-viewer-bench`
  /// builds only the benchmark), in this program's configuration; checks they are there and
  /// returns the demo's bundled help page as a file:// address.
  static func prepare(_ programs: [URL]) throws -> String {
    if let swift = Programs.which("swift") {
      for program in programs {
        guard let package = Programs.packageRoot(of: program) else { continue }
        let product = program.lastPathComponent
        log("building \(product) (\(Programs.configuration)) in \(package.path)")
        let built = try Programs.run(
          swift, ["build", "-c", Programs.configuration, "--package-path", package.path, "--product", product])
        guard built.status == 0 else { throw BenchError("swift build --product \(product) failed") }
      }
    }
    for program in programs where !FileManager.default.isExecutableFile(atPath: program.path) {
      throw BenchError(
        "\(program.path) is missing: build it first (swift build -c release --product \(program.lastPathComponent))")
    }
    do {
      return try DemoPages.locate().appendingPathComponent(DemoPages.helpPath()).absoluteString
    } catch {
      throw BenchError("the demo's help pages are missing: \(error.details ?? error.message)")
    }
  }

  static func log(_ text: String) {
    FileHandle.standardError.write(Data("· \(text)\n".utf8))
  }
}
