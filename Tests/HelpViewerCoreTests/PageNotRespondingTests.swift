import Testing

@testable import HelpViewerCore

/// A page whose web process stops answering fails with `.pageNotResponding`, in words that do
/// not blame the server (issue 12.2).
@Suite struct PageNotRespondingTests {
  let url = "http://127.0.0.1:8000/hang"

  func run(_ events: [LoadEvent]) -> [LoadState] {
    var machine = LoadStateMachine()
    var states: [LoadState] = []
    for event in events where machine.handle(event) { states.append(machine.state) }
    return states
  }

  @Test func aPageThatHangsWhileLoadingFailsAsNotResponding() {
    // `<script>while(true){}</script>` in the head: STARTED and COMMITTED, then nothing.
    let states = run([.requested(url: url), .started(url: url), .committed(url: url, httpStatus: 200), .unresponsive])
    #expect(states.map(\.phase.name) == ["loading", "loading", "failed"])
    #expect(states.last?.error?.kind == .pageNotResponding)
    #expect(states.last?.error?.url == url)
    #expect(states.last?.canReload == true)
    #expect(states.last?.requestedURL == url, "Retry loads the page again")
  }

  @Test func aPageThatHangsAfterLoadingGoesFromLoadedToFailed() {
    let states = run([
      .requested(url: url), .started(url: url), .committed(url: url, httpStatus: 200), .finished, .unresponsive,
    ])
    #expect(states.map(\.phase.name) == ["loading", "loading", "loaded", "failed"])
    #expect(states.last?.error?.kind == .pageNotResponding)
  }

  @Test func theHangStaysTheReasonWhenTheProcessEndsOrAnswersAgain() {
    let states = run([
      .requested(url: url), .started(url: url), .committed(url: url, httpStatus: 200), .finished, .unresponsive,
      .webProcessTerminated(reason: "The web process was terminated."), .responsive, .finished, .progress(0.5),
    ])
    #expect(states.last?.error?.kind == .pageNotResponding)
    #expect(states.count == 4, "nothing after the failure changes the state")
  }

  @Test func retryLoadsAfresh() {
    let states = run([
      .requested(url: url), .started(url: url), .committed(url: url, httpStatus: 200), .finished, .unresponsive,
      .requested(url: url), .started(url: url), .committed(url: url, httpStatus: 200), .finished,
    ])
    #expect(states.last?.phase == .loaded)
  }

  @Test func nothingShownNothingToHang() {
    #expect(run([.unresponsive]).isEmpty)
    #expect(run([.rejected(LoadError(.invalidURL, url: "x")), .unresponsive]).count == 1)
    #expect(run([.responsive]).isEmpty)
  }

  /// A web process slow to start (a busy machine, the app's own main thread slow to read its
  /// replies) makes WebKit say it does not answer before the page started: no page hangs yet.
  /// Seen under ThreadSanitizer: the error view flashed, then WebKit's STARTED began the load
  /// again as a new navigation. The load timeout still ends a process that never starts.
  @Test func aProcessSlowToStartIsNoHang() {
    for events: [LoadEvent] in [
      [.requested(url: url), .unresponsive],
      [.requested(url: url), .started(url: url), .unresponsive],
    ] {
      let states = run(events + [.responsive, .committed(url: url, httpStatus: 200), .finished])
      #expect(states.allSatisfy { $0.error == nil }, "\(states.map(\.phase.name))")
      #expect(states.last?.phase == .loaded)
    }
    let timedOut = run([.requested(url: url), .unresponsive, .timedOut])
    #expect(timedOut.last?.error?.kind == .timedOut)
  }

  @Test func theWordsDoNotBlameTheServer() {
    let error = LoadError(.pageNotResponding, url: "http://127.0.0.1:8000/hang")
    Localization.withLanguages([]) {
      #expect(error.title == "Page Not Responding")
      #expect(error.message.hasPrefix("This page is not responding"))
      #expect(!error.message.lowercased().contains("server"))
      #expect(!error.message.contains("127.0.0.1"))
    }
    Localization.withLanguages(["de"]) {
      #expect(error.title != "Page Not Responding", "translated")
      #expect(!error.message.hasPrefix("This page"), "translated")
    }
  }

  /// A navigation the viewer refuses after it started (a meta refresh to another host) leaves
  /// the page before it shown, its address included.
  @Test func aRefusedNavigationLeavesThePageBefore() {
    let other = "http://localhost:8000/elsewhere"
    var machine = LoadStateMachine()
    for event: LoadEvent in [
      .requested(url: url), .started(url: url), .committed(url: url, httpStatus: 200), .finished, .started(url: other),
      .stopped,
    ] {
      machine.handle(event)
    }
    #expect(machine.state.phase == .loaded)
    #expect(machine.state.url == url)
    #expect(machine.state.httpStatus == 200)
  }
}
