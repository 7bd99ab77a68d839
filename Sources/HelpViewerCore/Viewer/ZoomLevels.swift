import Foundation

/// The zoom steps of a viewer, as browsers offer them: zoom in and out walk the ladder, a level
/// set directly is clamped to `range`.
///
/// ```swift
/// ZoomLevels.next(after: 1.0)   // 1.1
/// ZoomLevels.label(for: 1.25)   // "125%"
/// ```
public enum ZoomLevels {
  /// The smallest and largest levels a viewer accepts.
  public static let range: ClosedRange<Double> = 0.3...3.0

  /// The levels zoom in and zoom out step through.
  public static let ladder: [Double] = [0.3, 0.5, 0.67, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0]

  /// `level` within `range`; not-a-number and infinities read as 1.
  public static func clamp(_ level: Double) -> Double {
    guard level.isFinite else { return 1 }
    return min(max(level, range.lowerBound), range.upperBound)
  }

  /// The next larger step after `level` (the largest level stays).
  public static func next(after level: Double) -> Double {
    ladder.first { $0 > level + 0.001 } ?? range.upperBound
  }

  /// The next smaller step before `level` (the smallest level stays).
  public static func previous(before level: Double) -> Double {
    ladder.last { $0 < level - 0.001 } ?? range.lowerBound
  }

  /// The level as people read it, e.g. `"100%"`.
  public static func label(for level: Double) -> String {
    let percent = Int((clamp(level) * 100).rounded())
    return String(format: localized("%d%%"), percent)
  }
}
