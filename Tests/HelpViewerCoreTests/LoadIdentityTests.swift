import Testing

@testable import HelpViewerCore

/// Each load is its own (issue 18.4): late events of replaced loads, FINISHEDs owed by loads
/// that never send them, and loads WebKit drops without a word.
@Suite struct LoadIdentityTests {
  let a = "https://127.0.0.1:8443/slow"
  let b = "http://127.0.0.1:8000/fast"
  let c = "http://127.0.0.1:8000/third"
  let tls = PlatformError(
    domain: ErrorClassifier.Domain.tls, code: 3, message: "The server's certificate is not trusted.")
  let refused = PlatformError(domain: "g-io-error-quark", code: 39, message: "Connection refused")
  let cancelled = PlatformError(domain: "WebKitNetworkError", code: 302, message: "Load request cancelled")

  @Test func eachLoadHasANumberOfItsOwn() {
    var machine = LoadStateMachine()
    #expect(machine.state.loadNumber == 0)
    machine.handle(.requested(url: a))
    #expect(machine.state.loadNumber == 1)
    machine.handle(.requested(url: b))
    #expect(machine.state.loadNumber == 2)
    machine.handle(.started(url: b))
    #expect(machine.state.loadNumber == 2, "its own STARTED is no new load")
    machine.handle(.committed(url: b, httpStatus: 200))
    machine.handle(.finished)
    machine.handle(.started(url: c))  // A link clicked in the page.
    #expect(machine.state.loadNumber == 3)
  }

  @Test func aLateTLSFailureOfAReplacedLoadNeitherFailsTheNewOneNorChangesRetry() {
    var machine = LoadStateMachine()
    machine.handle(.requested(url: a))
    machine.handle(.started(url: a))
    for event: LoadEvent in [
      .requested(url: b), .failed(url: a, error: tls), .failed(url: a, error: tls),
      .finished, .started(url: b),
    ] {
      machine.handle(event)
      #expect(machine.state.phase == .loading, "\(event)")
      #expect(machine.state.requestedURL == b, "Retry loads the newer address after \(event)")
    }
    machine.handle(.committed(url: b, httpStatus: 200))
    machine.handle(.finished)
    #expect(machine.state.phase == .loaded)
    #expect(machine.state.url == b)
  }

  @Test func threeLoadsInARowEachReplacedEndInTheLastOne() {
    var machine = LoadStateMachine()
    for event: LoadEvent in [.requested(url: a), .started(url: a), .requested(url: b), .started(url: b)] {
      machine.handle(event)
    }
    for event: LoadEvent in [
      .requested(url: c), .failed(url: a, error: cancelled), .finished, .failed(url: b, error: refused), .finished,
      .failed(url: a, error: tls), .finished, .started(url: c),
    ] {
      machine.handle(event)
      #expect(machine.state.phase == .loading, "\(event)")
      #expect(machine.state.requestedURL == c)
    }
    machine.handle(.committed(url: c, httpStatus: 200))
    machine.handle(.finished)
    #expect(machine.state.phase == .loaded)
    #expect(machine.state.loadNumber == 3)
  }

  @Test func aFinishedOwedByATimedOutLoadThatNeverCameDoesNotSwallowTheNextLoadsOwn() {
    var machine = LoadStateMachine()
    // The timed-out load was dropped by WebKit: stopping it sends nothing, no FINISHED.
    for event: LoadEvent in [.requested(url: b), .timedOut, .requested(url: b), .started(url: b)] {
      machine.handle(event)
    }
    machine.handle(.committed(url: b, httpStatus: 200))
    machine.handle(.finished)
    #expect(machine.state.phase == .loaded)
  }

  @Test func theFinishedOfAnHTTPErrorPageIsStillIgnored() {
    var machine = LoadStateMachine()
    for event: LoadEvent in [.requested(url: b), .started(url: b), .committed(url: b, httpStatus: 500), .finished] {
      machine.handle(event)
    }
    #expect(machine.state.error?.kind == .httpError)
  }

  @Test func aStartedWithThePageBeforesAddressBeforeTheLoadStartedIsTheLoads() {
    var machine = LoadStateMachine()
    for event: LoadEvent in [
      .requested(url: b), .started(url: b), .committed(url: b, httpStatus: 200), .finished, .requested(url: c),
      .started(url: b),
    ] {
      machine.handle(event)
    }
    #expect(machine.state.requestedURL == c, "WebKit's address lags: the STARTED is c's")
    #expect(machine.state.loadNumber == 2)
    machine.handle(.started(url: ""))
    #expect(machine.state.loadNumber == 2, "an empty address while loading is always the current load's")
    machine.handle(.committed(url: c, httpStatus: 200))
    machine.handle(.finished)
    #expect(machine.state.phase == .loaded)
    machine.handle(.started(url: b))  // Now a link to b, clicked in c.
    #expect(machine.state.loadNumber == 3)
    #expect(machine.state.requestedURL == b)
  }

  @Test func aLoadThatNeverStartsIsAbandonedNotTimedOut() {
    var machine = LoadStateMachine()
    machine.handle(.requested(url: b))
    machine.handle(.notStarted)
    #expect(machine.abandonment?.kind == .other)
    #expect(machine.state.phase == .loading)
    machine.handle(.requested(url: b))
    #expect(machine.abandonment == nil, "asked again: a new try")
    #expect(machine.state.loadNumber == 1, "of the same load")
    machine.handle(.requested(url: c))
    #expect(machine.state.loadNumber == 2)
  }

  @Test func anInterruptionWebKitMadeOnItsOwnIsAbandonedNotCannotShowContent() {
    let interrupted = PlatformError(
      domain: ErrorClassifier.Domain.webKitPolicy, code: ErrorClassifier.Code.webKitPolicyInterruptedByPolicyChange,
      message: "Frame load was interrupted")
    var machine = LoadStateMachine()
    for event: LoadEvent in [
      .requested(url: b), .started(url: b), .committed(url: b, httpStatus: 200), .finished, .requested(url: c),
      .started(url: c), .failed(url: c, error: interrupted), .finished,
    ] {
      machine.handle(event)
    }
    #expect(machine.abandonment?.kind == .other)
    #expect(machine.state.phase == .loading)
  }

  @Test func anotherPlaceInThePageShownIsNoLoad() {
    var machine = LoadStateMachine()
    for event: LoadEvent in [.requested(url: b), .started(url: b), .committed(url: b, httpStatus: 200), .finished] {
      machine.handle(event)
    }
    machine.handle(.sameDocument(url: b + "#part"))
    #expect(machine.state.phase == .loaded)
    #expect(machine.state.url == b + "#part")
    #expect(machine.state.requestedURL == b + "#part")
    #expect(machine.state.loadNumber == 1)
  }
}
