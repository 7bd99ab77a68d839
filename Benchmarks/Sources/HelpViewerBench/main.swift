// help-viewer-bench: how fast a help dialog opens and how much memory it takes, against the
// naive pattern (a new WebKitWebView per dialog), a minimal raw WebKitGTK program and WebKit's
// MiniBrowser. Prints a table and writes BENCHMARKS.md.
//
//   swift run -c release help-viewer-bench [--rounds 10] [--output BENCHMARKS.md]
//   swift run -c release help-viewer-bench --only search   # only the help search rows (a minute)
//   swift run -c release help-viewer-bench --only quality  # only search quality: P@1, MRR (seconds)
//   swift run -c release help-viewer-bench --only gnome    # only GNOME help against Yelp (minutes)
//   swift run -c release help-viewer-bench --only startup [--rounds 7]  # only the demo against
//                                           MiniBrowser (a minute); prints its rows, writes nothing
//
// With no display it runs itself under xvfb-run. Child modes (`--child …`) are its own
// measuring processes.
import Foundation
import HelpViewer
import HelpViewerBooks
import HelpViewerCGtk
import HelpViewerGlue

@MainActor
func runChild(_ arguments: [String]) throws -> String {
  guard gtk_init_check() != 0 else { throw BenchError("no display") }
  MainLoop.integrateDispatch()
  // The demo's pages, served as help-viewer://notebook/… as the demo serves them.
  BundledScheme.register(folder: try DemoPages.locate(), as: DemoPages.folderName)
  let encoder = JSONEncoder()
  switch arguments.first {
  case "opens":
    let page = PageKind(rawValue: value(of: "--page", in: arguments) ?? "") ?? .http
    let rounds = Int(value(of: "--rounds", in: arguments) ?? "") ?? 2
    return String(decoding: try encoder.encode(OpenBench.run(page: page, rounds: rounds)), as: UTF8.self)
  case "stall":
    let book =
      try value(of: "--app", in: arguments).map { try HelpBook.installed(app: $0, languages: []) }
      ?? HelpBook(folder: URL(fileURLWithPath: value(of: "--book", in: arguments) ?? ""), languages: [])
    let builds = Int(value(of: "--builds", in: arguments) ?? "") ?? 3
    return String(decoding: try encoder.encode(StallBench.run(book: book, builds: builds)), as: UTF8.self)
  case "mallard":
    let rounds = Int(value(of: "--rounds", in: arguments) ?? "") ?? 7
    return String(decoding: try encoder.encode(MallardDialogBench.run(rounds: rounds)), as: UTF8.self)
  case "memory":
    let cycles = Int(value(of: "--cycles", in: arguments) ?? "") ?? 100
    let scenario = MemoryBench.Scenario(rawValue: value(of: "--scenario", in: arguments) ?? "") ?? .dialog
    return String(decoding: try encoder.encode(MemoryBench.run(scenario, cycles: cycles)), as: UTF8.self)
  default:
    throw BenchError("unknown child mode")
  }
}

func value(of option: String, in arguments: [String]) -> String? {
  guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
  return arguments[index + 1]
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child" {
  do {
    let line = try MainActor.assumeIsolated { try runChild(Array(arguments.dropFirst())) }
    FileHandle.standardOutput.write(Data("RESULT \(line)\n".utf8))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("help-viewer-bench child: \(error)\n".utf8))
    exit(1)
  }
}
if arguments.first == "--picture" {
  do {
    try ScreenPicture.run(ScreenPicture.Options(parsing: arguments))
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("help-viewer-bench --picture: \(error)\n".utf8))
    exit(1)
  }
}
if arguments.contains("--help") || arguments.contains("-h") {
  print("usage: help-viewer-bench [--rounds N (≥ 10)] [--output BENCHMARKS.md] [--only search]")
  print("  --only search  measures only help search and replaces that section of the output file")
  print("  --only quality measures only search quality (P@1, MRR) and replaces that section")
  print("                 (--skip-held-out: not the held-out set; --sets a,b: the sets whose file holds a or b)")
  print("  --only gnome   measures only GNOME help (Mallard) against Yelp and replaces that section")
  print("  --only startup measures only the demo's cold start against MiniBrowser (--rounds N, 7 unless")
  print("                 given) and prints its rows of the main table; it does not write the file")
  print("usage: help-viewer-bench --picture PATH [--then COMMAND] [--background RRGGBB] -- PROGRAM [ARGUMENTS…]")
  print("  a PNG of PROGRAM on the screen once it settles (after COMMAND, settled again): scripts/screenshots.sh")
  exit(0)
}
if let status = Programs.reexecUnderXvfbIfNeeded() { exit(status) }
let rounds = max(Int(value(of: "--rounds", in: arguments) ?? "") ?? 10, 1)
let output = value(of: "--output", in: arguments) ?? Programs.libraryRoot.appendingPathComponent("BENCHMARKS.md").path
/// `--only NAME`: measures one section, prints its table, replaces that section (from
/// `heading`) of `output` and exits.
func runSection(_ name: String, heading: String, _ measure: () throws -> (table: String, section: String)) -> Never {
  do {
    let report = try measure()
    print(report.table)
    let existing = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    try SearchReport.splice(report.section, into: existing, heading: heading)
      .write(toFile: output, atomically: true, encoding: .utf8)
    print("Wrote the “\(name)” section of \(output).")
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("help-viewer-bench: \(error)\n".utf8))
    exit(1)
  }
}
switch value(of: "--only", in: arguments) {
case nil: break
case "quality":
  runSection("Search quality", heading: QualityReport.heading) {
    let only = value(of: "--sets", in: arguments)?.split(separator: ",").map(String.init) ?? []
    let report = QualityReport(
      results: try SearchQuality.run(skipHeldOut: arguments.contains("--skip-held-out"), only: only))
    return (report.table(), report.section())
  }
case "search":
  runSection("Help search", heading: SearchReport.heading) {
    let started = now()
    let report = SearchReport(result: try SearchBench.runAll(), seconds: (now() - started) / 1000)
    return (report.table(), report.section())
  }
case "gnome":
  runSection("GNOME help (Mallard)", heading: GnomeReport.heading) {
    let started = now()
    let report = GnomeReport(result: try GnomeBench.run(), seconds: (now() - started) / 1000)
    return (report.table(), report.section())
  }
case "startup":
  // Rows of the main table, whose header (date, load average) is the full run's: printed only.
  do {
    let page = try Driver.prepare([Programs.demo])
    let launches = max(Int(value(of: "--rounds", in: arguments) ?? "") ?? StartupComparison.rounds, 1)
    let rows = StartupComparison.rows(try StartupComparison.run(page: page, rounds: launches))
    print((["", "Start-up against MiniBrowser:"] + Report.lines(for: rows)).joined(separator: "\n"))
    print("\nIts rows of the main table (\(output) not written: its header is the full run's):\n")
    print(Report.markdownRows(rows), terminator: "")
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("help-viewer-bench: \(error)\n".utf8))
    exit(1)
  }
default:
  FileHandle.standardError.write(
    Data("help-viewer-bench: --only takes “search”, “quality”, “gnome” or “startup”\n".utf8))
  exit(2)
}
do {
  let started = now()
  let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
    .joined(separator: " ")
  let results = try Driver.run(rounds: rounds)
  var report = Report(results: results, seconds: (now() - started) / 1000)
  report.loadAverage = load ?? "unknown"
  print(report.table())
  try report.markdown().write(toFile: output, atomically: true, encoding: .utf8)
  print("Wrote \(output) in \(Int(report.seconds)) s.")
} catch {
  FileHandle.standardError.write(Data("help-viewer-bench: \(error)\n".utf8))
  exit(1)
}
