import Foundation
import HelpViewer
import HelpViewerCGtk
import HelpViewerGlue

/// `--report` and `--screenshot`: wait until the page settles (or, with `--while-loading`, until
/// it shows the spinner), then report and/or save a PNG.
@MainActor
enum Automation {
  /// Returns the exit status: 0 when done, 1 when the screenshot failed, 3 on timeout.
  static func run(_ app: DemoWindow, _ options: DemoOptions) -> Int32 {
    guard let viewer = app.termsDialog?.viewer ?? app.dialog?.viewer ?? app.embeddedViewer else { return 1 }
    // A dialog's window is `nil` once it ended: the demo's own window then.
    let dialogWindow = app.termsDialog?.window ?? app.dialog?.window
    let shown: UnsafeMutablePointer<GtkWidget> = dialogWindow.map { gcast($0) } ?? gcast(app.window)
    let ready = MainLoop.spin(
      until: { options.whileLoading ? viewer.state.showsSpinner : viewer.state.phase.isSettled },
      timeout: options.timeout)
    guard ready else {
      let what = options.whileLoading ? "no load started" : "nothing settled"
      FileHandle.standardError.write(
        Data("help-viewer-demo: \(what) within \(options.timeout) s (\(viewer.state.phase.name))\n".utf8))
      return 3
    }
    let startToLoaded = viewer.state.phase == .loaded ? ProcessClock.secondsSinceStart() : nil
    if !options.whileLoading, viewer.state.phase == .loaded, !waitUntilThePageAnswers(viewer, options) {
      FileHandle.standardError.write(
        Data(
          "help-viewer-demo: the page did not answer within \(options.timeout) s (\(viewer.state.phase.name))\n".utf8))
      return 3
    }
    if !options.whileLoading {
      // WebKit may send the title after FINISHED.
      MainLoop.spin(until: { viewer.state.title != nil || viewer.state.error != nil }, timeout: 1)
    }
    if let text = options.find { find(text, in: viewer) }
    var results: [Report.SearchHit]?
    var correctedQuery: String?
    if let text = options.search, let dialog = app.dialog {
      (results, correctedQuery) = search(text, in: dialog, timeout: options.timeout)
    }
    if options.screenshot != nil {
      // The web process paints the page some frames after the load finishes: let GTK draw
      // for about a second and a half (90 frames) before taking the picture.
      var frames = 0
      shown.addTickCallback {
        frames += 1
        return frames < 90
      }
      MainLoop.spin(until: { frames >= 90 }, timeout: 5)
    }
    var status: Int32 = 0
    if let path = options.screenshot {
      do {
        try WidgetSnapshot.savePNG(of: shown, to: path)
        FileHandle.standardError.write(Data("help-viewer-demo: saved screenshot to \(path)\n".utf8))
      } catch {
        FileHandle.standardError.write(Data("help-viewer-demo: screenshot failed: \(error)\n".utf8))
        status = 1
      }
    }
    if options.report {
      let matches = options.find == nil ? nil : viewer.model.findState.matchCount
      let note = app.dialog?.note
      let sha256 = documentHash(of: viewer)
      let timings = Report.Timings(
        startToLoaded: startToLoaded, startToReport: ProcessClock.secondsSinceStart() ?? 0,
        milestones: ProcessClock.milestones.map { Report.Timings.Milestone(name: $0.name, seconds: $0.seconds) })
      print(
        Report.json(
          for: viewer.state, sha256: sha256, matches: matches, results: results, note: note,
          correctedQuery: correctedQuery, timings: timings))
    }
    return status
  }

  /// A loaded page is settled only once it answers: a page whose script loops from `onload` on
  /// loads, then stops answering, and the viewer fails it with `.pageNotResponding`. So the
  /// demo lets the page run for a second, then asks it; `true` once it answered (or failed).
  static func waitUntilThePageAnswers(_ viewer: LoadingWebView, _ options: DemoOptions) -> Bool {
    MainLoop.spin(until: { viewer.state.error != nil }, timeout: 1)
    guard viewer.state.error == nil else { return true }
    var answered = false
    viewer.whenPageAnswers { answered = true }
    return MainLoop.spin(until: { answered || viewer.state.error != nil }, timeout: options.timeout)
  }

  /// `--search`: types `text` into the dialog's search entry and waits until its results page
  /// settles; returns the first 10 results, best first (`nil` when the dialog shows no book),
  /// and the corrected query when a misspelt word was corrected.
  static func search(_ text: String, in dialog: HelpDialog, timeout: Double) -> ([Report.SearchHit]?, String?) {
    // `openSearch` is `false` when the dialog ended meanwhile (closed, the app quit).
    guard let book = dialog.book, dialog.openSearch(text) else { return (nil, nil) }
    let viewer = dialog.viewer
    MainLoop.spin(
      until: { (viewer.state.url ?? "").contains("/.search?") && viewer.state.phase.isSettled }, timeout: timeout)
    MainLoop.spin(until: { viewer.state.title != nil }, timeout: 1)
    var hits: [Report.SearchHit]?
    var corrected: String?
    var done = false
    Task { @MainActor in
      let answer = try? await HelpViewerEngine.answer(text, in: book, limit: 10)
      corrected = answer?.correctedQuery
      hits = (answer?.results ?? []).map {
        let url = HelpViewerEngine.url(of: $0, in: book).absoluteString
        return Report.SearchHit(title: $0.title, url: url, snippet: $0.snippetText)
      }
      done = true
    }
    MainLoop.spin(until: { done }, timeout: timeout)
    return (hits, corrected)
  }

  /// `--find`: opens the find bar with `text` and waits until WebKit has counted the matches.
  static func find(_ text: String, in viewer: LoadingWebView) {
    viewer.showFindBar()
    viewer.find(text)
    MainLoop.spin(until: { viewer.model.findState.matchCount != nil }, timeout: 5)
  }
}

/// The SHA-256 of the loaded document's bytes as served, or `nil` when none is loaded.
@MainActor
private func documentHash(of viewer: LoadingWebView) -> String? {
  guard viewer.state.phase == .loaded else { return nil }
  var hash: String?
  var done = false
  Task { @MainActor in
    hash = try? await viewer.documentFingerprint().sha256
    done = true
  }
  MainLoop.spin(until: { done }, timeout: 10)
  return hash
}

extension LoadPhase {
  /// Loaded or failed: nothing more will happen without a new load.
  var isSettled: Bool {
    switch self {
    case .loaded, .failed: return true
    case .idle, .loading: return false
    }
  }
}
