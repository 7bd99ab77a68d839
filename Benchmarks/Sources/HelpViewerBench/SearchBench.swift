import Foundation
import HelpViewerBooks
import HelpViewerCore

/// Help search on a large real book, the Node.js API documentation Debian's `nodejs` package
/// installs: how long its index takes to build, and how long queries take on it.
///
/// ```swift
/// if let result = try SearchBench.run(builds: 5, repetitions: 200) { print(result.build.median) }
/// ```
enum SearchBench {
  /// The book: 65 HTML pages, about 16 MB, with `all.html` repeating every other page.
  static let nodeBook = URL(fileURLWithPath: "/usr/share/doc/nodejs/api")

  /// The queries measured, as a person types them: one word, a prefix, two words, one letter,
  /// a misspelt word (corrected), the most words a query uses all misspelt (each compared with
  /// the whole vocabulary; together they find nothing, so nothing is shown corrected), and as
  /// many words none of which is close to a word of the book.
  static let queries: [(kind: String, text: String)] = [
    ("one word", "buffer"), ("prefix", "readFileS"), ("two words", "stream pipe"), ("one letter", "s"),
    ("misspelt", "eventemiter"),
    (
      "16 misspelt words",
      "bufer eventemiter pipline readFileSinc createHsh setTimout proccess strem cluser wroker "
        + "certificat reqest respons interfase listenr callbak"
    ),
    (
      "16 unknown words",
      "qzxwvkjhgf wqzxvkjpht zqxjvkwmnb xqzvkjwhpl jqzxvkwmtr vqzxjkwhgn kqzxvjwpml pqzxvkjwhr "
        + "mqzxvkjwtn hqzxvkjwpl gqzxvkjwmr fqzxvkjwhn bqzxvkjwpt nqzxvkjwhl tqzxvkjwmp lqzxvkjwhg"
    ),
  ]

  struct Query: Codable {
    var kind: String
    var text: String
    var samples = Samples()
    var results = 0
    var first = ""
  }

  struct Result: Codable {
    /// `/proc/loadavg`'s 1, 5 and 15-minute figures before these measurements.
    var loadAverage = ""
    /// The same after them.
    var loadAverageAfter = ""
    var pages = 0
    var sections = 0
    var megabytes = 0.0
    /// Wall time of each build (ms).
    var build = Samples()
    /// CPU time (user + system, all threads) of each build (ms).
    var buildCPU = Samples()
    /// CPU time of reading and parsing every page on one thread, no database (ms).
    var parseCPU = Samples()
    var queries: [Query] = []
    /// The longest main-thread stall with and without a build running (`StallBench`).
    var stall = StallBench.Result()
  }

  /// Measures `builds` index builds and `repetitions` runs of each query; `nil` when the book is
  /// not installed.
  static func run(builds: Int, repetitions: Int) throws -> Result? {
    guard FileManager.default.fileExists(atPath: nodeBook.appendingPathComponent("index.html").path) else {
      return nil
    }
    let book = try HelpBook(folder: nodeBook, languages: [])
    var result = Result()
    result.loadAverage = loadAverage()
    result.megabytes = book.pages().reduce(0.0) { total, page in
      let size = (try? FileManager.default.attributesOfItem(atPath: page.fileURL.path)[.size] as? Int) ?? 0
      return total + Double(size) / 1_048_576
    }
    var index: SearchIndex?
    for _ in 0..<max(builds, 1) {
      let cpu = cpuMilliseconds()
      let start = now()
      index = try build(book)
      result.build.add(now() - start)
      result.buildCPU.add(cpuMilliseconds() - cpu)
    }
    guard let index else { return nil }
    for _ in 0..<3 {
      let cpu = cpuMilliseconds()
      for page in book.pages() { _ = try? page.text() }
      result.parseCPU.add(cpuMilliseconds() - cpu)
    }
    result.pages = index.pageCount
    result.sections = index.sectionCount
    for (kind, text) in queries {
      var query = Query(kind: kind, text: text)
      let found = try index.search(text)  // unmeasured: the first run compiles the statement
      query.results = found.count
      query.first = found.first.map { "\($0.pageID)#\($0.sectionID ?? "")" } ?? ""
      for _ in 0..<repetitions {
        let start = now()
        _ = try index.search(text)
        query.samples.add(now() - start)
      }
      result.queries.append(query)
    }
    return result
  }

  /// Measures everything: the builds and queries here, the stall in a child process with a
  /// window (`StallBench`). `nil` when the book is not installed.
  static func runAll(builds: Int = 5, repetitions: Int = 200, stallBuilds: Int = 3) throws -> Result? {
    Driver.log("help search: \(builds) index builds of \(nodeBook.path), \(repetitions) runs of each query")
    guard var result = try run(builds: builds, repetitions: repetitions) else {
      Driver.log("help search: \(nodeBook.path) is not installed; skipped")
      return nil
    }
    Driver.log("help search: main-thread stall while indexing (\(stallBuilds) builds, a window ticking)")
    result.stall = try Programs.child(
      StallBench.Result.self, ["stall", "--book", nodeBook.path, "--builds", String(stallBuilds)])
    result.loadAverageAfter = loadAverage()
    return result
  }

  /// `SearchIndex.build(book:)`, as the dialog calls it, waited for here.
  static func build(_ book: HelpBook) throws -> SearchIndex {
    final class Outcome: @unchecked Sendable {
      var value: Swift.Result<SearchIndex, LoadError>?
    }
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
      do throws(LoadError) { outcome.value = .success(try await SearchIndex.build(book: book)) } catch {
        outcome.value = .failure(error)
      }
      done.signal()
    }
    done.wait()
    guard let value = outcome.value else { throw BenchError("the build did not finish") }
    return try value.get()
  }

  /// `/proc/loadavg`'s 1, 5 and 15-minute load averages, or "unknown".
  static func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
      .joined(separator: " ") ?? "unknown"
  }

  /// CPU time of this process so far, all threads (ms).
  static func cpuMilliseconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    func ms(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
    return ms(usage.ru_utime) + ms(usage.ru_stime)
  }
}
