import HelpViewerCore
import HelpViewerGlue

/// Asks WebKit again for a load it cancelled on its own before it showed anything.
///
/// WebKitGTK 2.50 now and then ends a load with a bare cancellation that nobody asked for: no
/// `stop`, no newer load, no refused navigation. Seen for a page with an untrusted certificate
/// loaded after another page, where its TLS failure was expected: about one such load in six
/// with one core kept busy (`UnaskedCancellationTests`). `LoadStateMachine` then stays loading
/// and sets `abandonment`. The same request asked for at once, even on the next turn of the
/// main loop, gets no event at all from WebKit; asked for a few milliseconds later, it runs,
/// and ends in a cancellation again about one time in three (measured: 180 loads, 31
/// cancelled, of which 10 again, of which 3 again). So the restarter waits a little, asks
/// again, checks that WebKit started the load, and tries up to eight times (all cancelled:
/// about 1 in 15,000 of those loads) before the load fails with the machine's error (`.other`,
/// which Retry loads again). The pauses add up to 2 s at most.
///
/// ```swift
/// restarter.restart(ask: { viewer.load(address: url) }, giveUp: { viewer.fail() })
/// restarter.noteStart()  // WebKit's STARTED for the load asked again
/// ```
@MainActor
final class LoadRestarter {
  /// The pause before each try, in seconds (the viewer's).
  static let defaultPauses = [0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.5]

  /// The pause before each try, in seconds.
  let pauses: [Double]
  /// How long WebKit gets to start a load asked again before it counts as ignored, in seconds.
  let startDeadline: Double

  private var tries = 0
  private var pause: TimeoutSource?
  private var deadline: TimeoutSource?
  /// The check that WebKit starts a load the host asked for (`expectStart`).
  private var firstStart: TimeoutSource?
  /// Whether the restarter is asking WebKit for the load (so that `load` keeps the count).
  private(set) var isAsking = false

  init(pauses: [Double] = LoadRestarter.defaultPauses, startDeadline: Double = 1) {
    self.pauses = pauses
    self.startDeadline = startDeadline
  }

  /// Whether a try is waiting for its pause or for WebKit's STARTED.
  var isPending: Bool { pause?.isPending == true || deadline?.isPending == true }

  /// Asks for the load again after a pause (`ask`), or calls `giveUp` when the tries are spent.
  /// While a try is pending, does nothing.
  func restart(ask: @escaping @MainActor () -> Void, giveUp: @escaping @MainActor () -> Void) {
    guard !isPending else { return }
    guard tries < pauses.count else {
      forget()
      giveUp()
      return
    }
    let wait = pauses[tries]
    tries += 1
    pause = TimeoutSource(seconds: wait) { [weak self] in
      guard let self else { return }
      // WebKit may ignore this request too: no STARTED in time is one more abandonment.
      self.deadline = TimeoutSource(seconds: self.startDeadline) { [weak self] in
        self?.deadline = nil
        self?.restart(ask: ask, giveUp: giveUp)
      }
      self.isAsking = true
      defer { self.isAsking = false }
      ask()
    }
  }

  /// Calls `missing` when WebKit has not started the load just asked for after `seconds`
  /// (`noteStart` or `forget` first cancel it). An old page's `window.stop()` on a timer makes
  /// WebKit drop the next load before it reports anything; without this check the viewer would
  /// wait for its timeout and blame the server.
  func expectStart(within seconds: Double, _ missing: @escaping @MainActor () -> Void) {
    firstStart = TimeoutSource(seconds: seconds) { [weak self] in
      self?.firstStart = nil
      missing()
    }
  }

  /// WebKit started the load asked for (again): the try worked (the count stays until a new
  /// load).
  func noteStart() {
    deadline = nil
    firstStart = nil
  }

  /// Forgets the tries (a new load by someone else, or the viewer detached).
  func forget() {
    tries = 0
    pause = nil
    deadline = nil
    firstStart = nil
  }
}
