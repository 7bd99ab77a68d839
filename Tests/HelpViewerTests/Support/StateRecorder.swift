import HelpViewerCGtk
import HelpViewerGlue
import XCTest

@testable import HelpViewer

/// Every state a viewer goes through, from the one it has when recording starts, with what its
/// widgets showed at that moment: tests assert on the sequence instead of reading the state at
/// some moment (e.g. right after the test server saw a request), which races WebKit's events.
///
/// ```swift
/// let recorder = StateRecorder(viewer)
/// waitUntil("loaded") { viewer.state.phase == .loaded }
/// XCTAssertEqual(recorder.phases, ["loading", "loaded"])
/// XCTAssertTrue(recorder.samples.filter(\.state.isLoading).allSatisfy(\.busy))
/// ```
@MainActor
final class StateRecorder {
  /// One state, and what the viewer's widgets showed once it was rendered.
  struct Sample {
    let state: LoadState
    /// Whether assistive technologies were told the viewer is busy.
    let busy: Bool
    /// Whether the spinner was visible.
    let spinnerShown: Bool
  }

  /// Every state recorded, the first being the one the viewer had when recording started.
  private(set) var samples: [Sample] = []

  /// Records `viewer`'s states from now on (through `onStateChange`, which it takes over; a
  /// handler set before is still called).
  init(_ viewer: LoadingWebView) {
    let earlier = viewer.onStateChange
    samples.append(Self.sample(viewer, viewer.state))
    viewer.onStateChange = { [weak self, weak viewer] state in
      earlier?(state)
      guard let self, let viewer else { return }
      self.samples.append(Self.sample(viewer, state))
    }
  }

  /// A mark to pass to `phases(since:)`: the samples recorded so far.
  var mark: Int { samples.count }

  /// The phase names in order, repeats in a row folded: `["loading", "loaded"]`.
  var phases: [String] { phases(since: 0) }

  /// The phase names from the sample at `mark` on (see `mark`), repeats in a row folded.
  func phases(since mark: Int) -> [String] {
    samples[min(mark, samples.count)...].map(\.state.phase.name).reduce(into: []) { names, name in
      if names.last != name { names.append(name) }
    }
  }

  /// The samples of states that were loading.
  var loadingSamples: [Sample] { samples.filter(\.state.isLoading) }

  private static func sample(_ viewer: LoadingWebView, _ state: LoadState) -> Sample {
    Sample(
      state: state, busy: viewer.gtkWidget.isAccessibleBusy,
      spinnerShown: gtk_widget_get_visible(gcast(viewer.spinner)) != 0)
  }
}
