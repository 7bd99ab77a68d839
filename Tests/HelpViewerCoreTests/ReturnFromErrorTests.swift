import Testing

@testable import HelpViewerCore

/// Back from an error of a page that never showed (issue 30): the page shown before it comes
/// back, instead of WebKit's history skipping it.
struct ReturnFromErrorTests {
  let index = "help-viewer://book-1/index.html"
  let counting = "help-viewer://book-1/counting.html"
  let gone = "help-viewer://book-1/gone.html"
  let missing = PlatformError(domain: ContentErrorDomain.name, code: 1, message: "No page “gone” in the help book.")

  /// index, then counting (WebKit can go back to index), loaded.
  func onCounting() -> LoadStateMachine {
    var machine = LoadStateMachine()
    for event: LoadEvent in [
      .requested(url: index), .started(url: index), .committed(url: index, httpStatus: nil), .finished,
      .started(url: counting), .committed(url: counting, httpStatus: nil), .finished, .title("Counting"),
      .history(canGoBack: true, canGoForward: false),
    ] { machine.handle(event) }
    return machine
  }

  @Test func backFromAMissingPageShowsThePageBefore() {
    var machine = onCounting()
    machine.handle(.started(url: gone))
    machine.handle(.failed(url: gone, error: missing))
    machine.handle(.finished)
    #expect(machine.state.error?.kind == .pageNotFound)
    #expect(machine.returnsFromError)
    #expect(machine.state.canGoBack)
    machine.handle(.returnedFromError)
    #expect(machine.state.phase == .loaded)
    #expect(machine.state.url == counting)
    #expect(machine.state.title == "Counting")
    #expect(!machine.returnsFromError)
    #expect(machine.state.canGoBack, "WebKit's own history: back to the index")
  }

  @Test func theFirstPageFailingHasNothingToReturnTo() {
    var machine = LoadStateMachine()
    machine.handle(.requested(url: gone))
    machine.handle(.failed(url: gone, error: missing))
    #expect(!machine.returnsFromError)
    #expect(!machine.state.canGoBack)
    let changed = machine.handle(.returnedFromError)
    #expect(!changed, "nothing changes")
  }

  @Test func backIsPossibleFromAnErrorOverTheOnlyPage() {
    var machine = LoadStateMachine()
    for event: LoadEvent in [
      .requested(url: counting), .started(url: counting), .committed(url: counting, httpStatus: nil), .finished,
      .history(canGoBack: false, canGoForward: false),
    ] { machine.handle(event) }
    machine.handle(.rejected(LoadError(.helpNotFound, url: "help:nothing")))
    #expect(machine.state.canGoBack, "back to the page under the error")
    machine.handle(.returnedFromError)
    #expect(machine.state.url == counting)
    #expect(!machine.state.canGoBack)
  }

  @Test func aPageThatShowedAndThenFailedIsNotReturnedFrom() {
    var machine = onCounting()
    machine.handle(.started(url: gone))
    machine.handle(.committed(url: gone, httpStatus: 404))
    #expect(machine.state.error != nil)
    #expect(!machine.returnsFromError, "WebKit has a history item for it: Back is WebKit's")
    var hung = onCounting()
    hung.handle(.unresponsive)
    #expect(!hung.returnsFromError, "the page shown is the one that failed")
  }

  @Test func aNewLoadForgetsTheReturn() {
    var machine = onCounting()
    machine.handle(.started(url: gone))
    machine.handle(.failed(url: gone, error: missing))
    machine.handle(.requested(url: index))
    #expect(!machine.returnsFromError)
  }
}
