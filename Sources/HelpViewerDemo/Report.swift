import Foundation
import HelpViewer

/// The one JSON line `--report` prints once the page settles, written by `JSONEncoder` (keys
/// sorted, so the line is the same each run).
///
/// ```swift
/// print(Report.json(for: viewer.state, sha256: nil, matches: nil))
/// // {"canGoBack":false,"canGoForward":false,"error":null,"httpStatus":200,"matches":null,"phase":"loaded",…}
/// ```
struct Report: Encodable {
  /// The error part of a report: what `LoadError` tells people, and its technical details.
  struct ErrorPart: Encodable {
    var kind: String
    var title: String
    var message: String
    var details: String?

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(kind, forKey: .kind)
      try container.encode(title, forKey: .title)
      try container.encode(message, forKey: .message)
      try container.encode(details, forKey: .details)  // `null` when there are none.
    }

    private enum CodingKeys: String, CodingKey { case kind, title, message, details }
  }

  var phase: String
  var url: String?
  var title: String?
  var httpStatus: Int?
  var canGoBack: Bool
  var canGoForward: Bool
  var error: ErrorPart?
  var sha256: String?
  var matches: Int?
  /// `--search`: the first results, best first (the key is left out without `--search`).
  var results: [SearchHit]?
  /// `--topic` or a help: address whose page is missing: the note shown over the index page.
  var note: String?
  /// `--search` whose query was corrected: the query the results are for (the key is left out
  /// otherwise).
  var correctedQuery: String?
  /// When the page loaded and when the report was made, in seconds from the process's start.
  var timings: Timings?

  /// Seconds from the process's start (`ProcessClock`): until the first page loaded (`null`
  /// when it failed), until this report, and until each start-up milestone on the way
  /// (`"milestones": {"appReady": s, "gtkReady": s, "main": s, …}`: `ProcessClock.mark`).
  struct Timings: Encodable, Equatable {
    var startToLoaded: Double?
    var startToReport: Double
    var milestones: [Milestone] = []

    struct Milestone: Equatable {
      var name: String
      var seconds: Double
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(startToLoaded, forKey: Key("startToLoaded"))  // `null` when it never loaded.
      try container.encode(startToReport, forKey: Key("startToReport"))
      guard !milestones.isEmpty else { return }
      var nested = container.nestedContainer(keyedBy: Key.self, forKey: Key("milestones"))
      for milestone in milestones { try nested.encode(milestone.seconds, forKey: Key(milestone.name)) }
    }

    private struct Key: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(_ name: String) { stringValue = name }
      init?(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
  }

  /// One search result as `--report` lists it: the page title, the address the viewer shows it
  /// at, and the snippet as plain text.
  struct SearchHit: Encodable, Equatable {
    var title: String
    var url: String
    var snippet: String
  }

  /// The report of `state`; `sha256` is the loaded document's hash (`nil` when not loaded),
  /// `matches` the number of matches `--find` counted (`nil` without `--find`).
  init(state: LoadState, sha256: String? = nil, matches: Int? = nil) {
    phase = state.phase.name
    url = state.url ?? state.requestedURL
    title = state.title
    httpStatus = state.httpStatus
    canGoBack = state.canGoBack
    canGoForward = state.canGoForward
    error = state.error.map {
      ErrorPart(kind: $0.kind.rawValue, title: $0.title, message: $0.message, details: $0.details)
    }
    self.sha256 = sha256
    self.matches = matches
  }

  /// The report of `state` as one JSON line; every key is present, `null` where there is no value.
  static func json(
    for state: LoadState, sha256: String? = nil, matches: Int? = nil, results: [SearchHit]? = nil, note: String? = nil,
    correctedQuery: String? = nil, timings: Timings? = nil
  ) -> String {
    var report = Report(state: state, sha256: sha256, matches: matches)
    report.results = results
    report.note = note
    report.correctedQuery = correctedQuery
    report.timings = timings
    return encodedLine(report) ?? #"{"phase":"failed"}"#
  }

  /// `value` as one line of JSON (keys sorted, slashes unescaped), or `nil` when it cannot be
  /// encoded.
  static func encodedLine(_ value: some Encodable) -> String? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    guard let data = try? encoder.encode(value) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    // Every key is written, `null` where there is no value (synthesized code would leave it out).
    try container.encode(phase, forKey: .phase)
    try container.encode(url, forKey: .url)
    try container.encode(title, forKey: .title)
    try container.encode(httpStatus, forKey: .httpStatus)
    try container.encode(canGoBack, forKey: .canGoBack)
    try container.encode(canGoForward, forKey: .canGoForward)
    try container.encode(error, forKey: .error)
    try container.encode(sha256, forKey: .sha256)
    try container.encode(matches, forKey: .matches)
    try container.encodeIfPresent(results, forKey: .results)
    try container.encodeIfPresent(note, forKey: .note)
    try container.encodeIfPresent(correctedQuery, forKey: .correctedQuery)
    try container.encodeIfPresent(timings, forKey: .timings)
  }

  private enum CodingKeys: String, CodingKey {
    case phase, url, title, httpStatus, canGoBack, canGoForward, error, sha256, matches, results, note, correctedQuery,
      timings
  }
}
