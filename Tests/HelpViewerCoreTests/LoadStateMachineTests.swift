import Testing

@testable import HelpViewerCore

/// The state machine fed with the event sequences WebKit really produces (see
/// shared/webkitgtk-notes.md), no display needed.
@Suite struct LoadStateMachineTests {
  let url = "http://127.0.0.1:8000/"
  let refused = PlatformError(domain: "g-io-error-quark", code: 39, message: "Connection refused")
  let cancelled = PlatformError(domain: "WebKitNetworkError", code: 302, message: "Load request cancelled")

  func run(_ events: [LoadEvent]) -> LoadState {
    var machine = LoadStateMachine()
    for event in events { machine.handle(event) }
    return machine.state
  }

  @Test func successfulLoadEndsLoadedWithFullProgress() {
    var machine = LoadStateMachine()
    machine.handle(.requested(url: url))
    #expect(machine.state.showsSpinner)
    #expect(machine.state.showsProgress)
    machine.handle(.started(url: url))
    machine.handle(.progress(0.5))
    #expect(machine.state.progress == 0.5)
    machine.handle(.committed(url: url, httpStatus: 200))
    #expect(!machine.state.showsSpinner, "content is on screen: the spinner goes")
    #expect(machine.state.showsProgress)
    machine.handle(.finished)
    machine.handle(.title("Help"))
    #expect(machine.state.phase == .loaded)
    #expect(machine.state.progress == 1)
    #expect(machine.state.title == "Help")
    #expect(machine.state.httpStatus == 200)
    #expect(!machine.state.showsProgress)
  }

  @Test func httpErrorStatusFailsAlthoughWebKitFinishes() {
    let state = run([
      .requested(url: url), .started(url: url), .committed(url: url, httpStatus: 404), .finished,
    ])
    #expect(state.error?.kind == .httpError)
    #expect(state.error?.httpStatus == 404)
    #expect(state.error?.title == "Page Not Found")
  }

  @Test func connectionRefusedFailsAndFinishDoesNotHideIt() {
    let state = run([.requested(url: url), .started(url: url), .failed(url: url, error: refused), .finished])
    #expect(state.error?.kind == .cannotConnect)
    #expect(state.requestedURL == url, "Retry loads the address that failed")
    #expect(state.canReload)
    #expect(!state.showsSpinner)
  }

  @Test func stopIsNotAnErrorAndRestoresWhatWasShown() {
    let other = "http://127.0.0.1:8000/slow"
    let state = run([
      .requested(url: url), .started(url: url), .committed(url: url, httpStatus: 200), .finished,
      .requested(url: other), .started(url: other), .stopped, .failed(url: other, error: cancelled),
      .finished,
    ])
    #expect(state.phase == .loaded)
    #expect(state.error == nil)
  }

  @Test func stopBeforeAnythingIsShownGoesBackToIdle() {
    // `stop()` tells the machine first; WebKit's cancellation follows.
    let state = run([
      .requested(url: url), .started(url: url), .stopped, .failed(url: url, error: cancelled), .finished,
    ])
    #expect(state.phase == .idle)
  }

  @Test func replacedLoadsCancellationDoesNotInterruptTheNewLoad() {
    let slow = "http://127.0.0.1:8000/slow"
    var machine = LoadStateMachine()
    for event: LoadEvent in [.requested(url: slow), .started(url: slow), .requested(url: url)] {
      machine.handle(event)
    }
    machine.handle(.failed(url: slow, error: cancelled))
    #expect(machine.state.phase == .loading)
    machine.handle(.finished)
    #expect(machine.state.phase == .loading, "the old load's FINISHED means nothing")
    #expect(machine.state.showsSpinner)
    for event: LoadEvent in [.started(url: url), .committed(url: url, httpStatus: 200), .finished] {
      machine.handle(event)
    }
    #expect(machine.state.phase == .loaded)
  }

  /// The phases `events` take the machine through, repeats in a row folded.
  func phases(_ events: [LoadEvent]) -> [String] {
    var machine = LoadStateMachine()
    var names: [String] = []
    for event in events {
      machine.handle(event)
      if names.last != machine.state.phase.name { names.append(machine.state.phase.name) }
    }
    return names
  }

  @Test func loadingTheSameAddressAgainWhileItLoadsNeverShowsIdle() {
    // `load(url)` twice, or `reload()` while loading: WebKit cancels the first load (its
    // cancellation carries the same address) and starts the second.
    let events: [LoadEvent] = [
      .requested(url: url), .started(url: url), .requested(url: url), .failed(url: url, error: cancelled),
      .finished, .started(url: url), .committed(url: url, httpStatus: 200), .finished,
    ]
    #expect(phases(events) == ["loading", "loaded"])
    #expect(run(events).progress == 1)
  }

  @Test func aReplacedLoadStartingLateIsNotANewNavigation() {
    // load(A) and at once load(B): WebKit reports A's STARTED after B was asked for, then
    // cancels A and starts B.
    let slow = "http://127.0.0.1:8000/slow"
    var machine = LoadStateMachine()
    var names: [String] = []
    for event: LoadEvent in [
      .requested(url: slow), .requested(url: url), .started(url: slow), .failed(url: slow, error: cancelled),
      .finished, .started(url: url),
    ] {
      machine.handle(event)
      if names.last != machine.state.phase.name { names.append(machine.state.phase.name) }
    }
    #expect(names == ["loading"])
    #expect(machine.state.url == url)
    #expect(machine.state.requestedURL == url, "Retry would load what was asked for last")
    for event: LoadEvent in [.committed(url: url, httpStatus: 200), .finished] { machine.handle(event) }
    #expect(machine.state.phase == .loaded)
  }

  @Test func aLinkToAReplacedAddressAfterTheNewPageCommittedIsANewNavigation() {
    let slow = "http://127.0.0.1:8000/slow"
    var machine = LoadStateMachine()
    for event: LoadEvent in [
      .requested(url: slow), .requested(url: url), .started(url: url), .committed(url: url, httpStatus: 200),
      .finished, .started(url: slow),
    ] {
      machine.handle(event)
    }
    #expect(machine.state.phase == .loading)
    #expect(machine.state.url == slow)
  }

  @Test func aReplacedLoadsLateCommitAndFinishDoNotEndTheNewLoad() {
    // Seen with WebKitGTK 2.50 (RaceTests): load(B) asked for at A's COMMITTED; A had finished in
    // the web process, so A's FINISHED came after the request, not a cancellation. The viewer
    // showed B "loaded" while A's page showed, until B's STARTED.
    let first = "http://127.0.0.1:8000/a"
    let events: [LoadEvent] = [
      .requested(url: first), .started(url: first), .committed(url: first, httpStatus: 200),
      .requested(url: url), .finished, .started(url: url), .committed(url: url, httpStatus: 200), .finished,
    ]
    #expect(phases(events) == ["loading", "loaded"])
    // Asked for before A committed: A's late COMMITTED (its own address) and FINISHED.
    let later: [LoadEvent] = [
      .requested(url: first), .started(url: first), .requested(url: url),
      .committed(url: first, httpStatus: 200), .finished, .title("A"),
    ]
    var machine = LoadStateMachine()
    for event in later { machine.handle(event) }
    #expect(machine.state.phase == .loading)
    #expect(machine.state.url == url)
    #expect(machine.state.hasContent == false, "A's page is not B's content")
    for event: LoadEvent in [.started(url: url), .committed(url: url, httpStatus: 200), .finished] {
      machine.handle(event)
    }
    #expect(machine.state.phase == .loaded)
    #expect(machine.state.url == url)
  }

  @Test func searchAsYouTypeEndsOnTheLastQueryWhateverCameLate() {
    // One load per query typed; every earlier one commits or finishes late, in any order.
    let queries = (1...20).map { "help-viewer://book/.search?q=\(String(repeating: "c", count: $0))" }
    var machine = LoadStateMachine()
    for query in queries { machine.handle(.requested(url: query)) }
    for query in queries.dropLast() {
      machine.handle(.committed(url: query, httpStatus: nil))
      machine.handle(.finished)
      #expect(machine.state.phase == .loading, "\(query) came late")
    }
    let last = queries[queries.count - 1]
    for event: LoadEvent in [.started(url: last), .committed(url: last, httpStatus: nil), .finished] {
      machine.handle(event)
    }
    #expect(machine.state.phase == .loaded)
    #expect(machine.state.url == last)
  }

  @Test func aCommitWithAFragmentOfTheAskedPageIsThatLoads() {
    let page = "help-viewer://book/sync.html"
    let events: [LoadEvent] = [
      .requested(url: "help-viewer://book/index.html"), .started(url: "help-viewer://book/index.html"),
      .requested(url: page + "#conflicts"), .committed(url: page, httpStatus: nil), .finished,
    ]
    #expect(phases(events) == ["loading", "loaded"])
  }

  @Test func aCancellationNobodyAskedForBeforeAnythingShowedAsksForTheLoadAgain() {
    // Seen with WebKitGTK 2.50 (BadInputTests, about 1 run in 7 under load): after a redirect
    // loop, a page with an untrusted certificate ended in a bare cancellation, and the viewer
    // fell back to the loop's error, about another address.
    let loop = "http://127.0.0.1:8000/ping"
    let secure = "https://127.0.0.1:8443/"
    let redirects = PlatformError(domain: "", code: 0, message: "Load cannot follow more than 20 redirections")
    var machine = LoadStateMachine()
    for event: LoadEvent in [
      .requested(url: loop), .started(url: loop), .failed(url: loop, error: redirects), .finished,
      .requested(url: secure), .started(url: secure), .failed(url: secure, error: cancelled), .finished,
    ] {
      machine.handle(event)
    }
    #expect(machine.state.phase == .loading, "not the loop's error for the secure page")
    #expect(machine.abandonment?.url == secure)
    machine.handle(.requested(url: secure))
    #expect(machine.abandonment == nil, "asked for again")
    // The abandoned load is over: the next try's own cancellation is not taken for its.
    for event: LoadEvent in [.started(url: secure), .failed(url: secure, error: cancelled), .finished] {
      machine.handle(event)
    }
    #expect(machine.abandonment?.url == secure, "abandoned again")
    machine.handle(.rejected(LoadError(.other, url: secure)))
    #expect(machine.abandonment == nil)
    #expect(machine.state.error?.kind == .other)
  }

  @Test func aStartWithNoAddressWhileLoadingIsOurs() {
    // Seen with WebKitGTK 2.50: load, load again, reload; the third load's STARTED came with an
    // empty address, after the second load's cancellation.
    var machine = LoadStateMachine()
    for event: LoadEvent in [
      .requested(url: url), .started(url: url), .requested(url: url), .failed(url: url, error: cancelled), .finished,
      .started(url: ""),
    ] {
      machine.handle(event)
    }
    #expect(machine.state.url == url)
    #expect(machine.state.requestedURL == url)
    machine.handle(.committed(url: url, httpStatus: 200))
    machine.handle(.finished)
    #expect(machine.state.phase == .loaded)
  }

  @Test func anHTTPCommitWithoutAStatusThatWebKitStartsAgainIsNotThePage() {
    // Seen with WebKitGTK 2.50, now and then on a new view's first load (the 200-dialog test).
    let events: [LoadEvent] = [
      .requested(url: url), .started(url: url), .committed(url: url, httpStatus: nil), .finished,
      .started(url: url),
    ]
    #expect(phases(events) == ["loading"])
    #expect(run(events).showsSpinner, "nothing of the page is shown yet")
    #expect(
      phases(events + [.committed(url: url, httpStatus: 200), .finished]) == ["loading", "loaded"])
  }

  @Test func aBundledPageCommitsWithoutAStatusAndLoads() {
    let page = "help-viewer://bundle/help/index.html"
    #expect(
      phases([.requested(url: page), .started(url: page), .committed(url: page, httpStatus: nil), .finished])
        == ["loading", "loaded"])
  }

  @Test func aStoppedLoadStartingLateDoesNotLoadAgain() {
    // stop() before WebKit reported the start (the server may have seen the request already).
    #expect(
      phases([
        .requested(url: url), .stopped, .started(url: url), .failed(url: url, error: cancelled), .finished,
      ]) == ["loading", "idle"])
  }

  @Test func aCancellationNobodyAskedForIsNotTheEndOfTheLoad() {
    // Not replaced and not stopped by the viewer (e.g. the page's own window.stop()).
    let events: [LoadEvent] = [
      .requested(url: url), .started(url: url), .failed(url: url, error: cancelled), .finished,
    ]
    #expect(phases(events) == ["loading"], "the viewer asks for it again (`abandonment`)")
    let shown: [LoadEvent] = [
      .requested(url: url), .started(url: url), .committed(url: url, httpStatus: 200),
      .failed(url: url, error: cancelled), .finished,
    ]
    #expect(phases(shown) == ["loading", "loaded"], "what showed stays")
  }

  @Test func timeoutFailsAndLateEventsChangeNothing() {
    let state = run([
      .requested(url: url), .started(url: url), .timedOut, .failed(url: url, error: cancelled), .finished,
      .progress(0.7),
    ])
    #expect(state.error?.kind == .timedOut)
    #expect(state.progress == 0)
  }

  @Test func rejectedAddressFailsAtOnce() {
    let error = LoadError(.unsupportedScheme, url: "javascript:alert(1)")
    let state = run([.rejected(error)])
    #expect(state.error == error)
    #expect(!state.showsSpinner)
  }

  @Test func webProcessTerminationFailsEvenAfterLoad() {
    let state = run([
      .requested(url: url), .started(url: url), .committed(url: url, httpStatus: 200), .finished,
      .webProcessTerminated(reason: "crashed"),
    ])
    #expect(state.error?.kind == .webProcessTerminated)
    #expect(state.canReload)
  }

  @Test func linkClickStartsANewNavigation() {
    let page = "http://127.0.0.1:8000/page2"
    let state = run([
      .requested(url: url), .started(url: url), .committed(url: url, httpStatus: 200), .finished,
      .started(url: page),
    ])
    #expect(state.phase == .loading)
    #expect(state.requestedURL == page)
  }

  @Test func historyAndEmptyTitles() {
    let state = run([.history(canGoBack: true, canGoForward: false), .title("")])
    #expect(state.canGoBack && !state.canGoForward)
    #expect(state.title == nil, "an empty title is no title")
  }
}
