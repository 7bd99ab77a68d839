import HelpViewerGlue

/// Notices a page that stopped answering: while it runs, it asks the page's web process for a
/// trivial answer (`askForAnswer`) every `tick` seconds, and reports `false` once a question has
/// waited `threshold` seconds, `true` when an answer comes again.
///
/// Why not only WebKit's `is-web-process-responsive`: WebKit starts its 3 s responsiveness
/// timer only for messages that expect a reply (input events and the like), so a page that hangs
/// in `<script>while(true){}</script>` while it loads, or in a loop started by `onload`, with no
/// one typing, is never reported (measured with WebKitGTK 2.50: still "responsive" after 10 s).
/// The viewer listens to both.
///
/// The wait is counted in ticks of this main loop, not in wall-clock time: when the app's own
/// main loop stalls (a busy machine), the page's answer is not taken for a hang.
///
/// A view that is not shown (not mapped: a preload, a spare of the pool, a kept dialog's hidden
/// window) is asked nothing: no script runs in its page until it shows.
///
/// ```swift
/// let watchdog = PageWatchdog(page, threshold: 10) { responsive in print(responsive) }
/// watchdog.run(true)
/// ```
@MainActor
final class PageWatchdog {
  /// How often the page is asked, and the unit of the wait, in seconds.
  static let tick = 0.5
  /// How long a question may wait before the page counts as not responding, in seconds.
  var threshold: Double
  /// Whether the last question has waited `threshold` without an answer.
  private(set) var isUnresponsive = false
  /// The page asked (its viewer's parts own it).
  private weak var page: WebView?
  private let report: @MainActor (Bool) -> Void
  private var timer: TimeoutSource?
  /// The question waiting for its answer, by number; answers to older ones are ignored.
  private var question = 0
  private var waiting = false
  private var ticksWaited = 0
  /// Ticks so far, and questions asked so far (for tests: ticks without questions mean the view
  /// was not shown).
  private(set) var tickCount = 0
  private(set) var questionCount = 0

  init(_ page: WebView, threshold: Double, report: @escaping @MainActor (Bool) -> Void) {
    self.page = page
    self.threshold = threshold
    self.report = report
  }

  /// Whether a question has waited a tick or more without an answer: the page is busy or stuck.
  var isWaitingForAnswer: Bool { isRunning && waiting && ticksWaited >= 1 }

  /// Whether it is watching.
  var isRunning: Bool { timer != nil }

  /// Starts (when `watching`) or stops watching; stopping forgets a hang it noticed.
  func run(_ watching: Bool) {
    guard watching != isRunning else { return }
    guard watching else {
      timer?.cancel()
      timer = nil
      question += 1
      waiting = false
      isUnresponsive = false
      return
    }
    scheduleTick()
  }

  private func scheduleTick() {
    timer = TimeoutSource(seconds: Self.tick) { [weak self] in self?.tick() }
  }

  private func tick() {
    guard isRunning else { return }
    scheduleTick()
    tickCount += 1
    guard waiting else {
      if page?.isMapped == true { ask() }
      return
    }
    ticksWaited += 1
    if !isUnresponsive, Double(ticksWaited) * Self.tick >= threshold {
      isUnresponsive = true
      report(false)
    }
  }

  private func ask() {
    guard let page else { return }
    question += 1
    questionCount += 1
    let asked = question
    waiting = true
    ticksWaited = 0
    page.askForAnswer { [weak self] in self?.answered(asked) }
  }

  private func answered(_ asked: Int) {
    guard asked == question, waiting else { return }
    waiting = false
    guard isUnresponsive else { return }
    isUnresponsive = false
    report(true)
  }
}
