import Foundation

/// Measured values of one quantity (milliseconds, MiB, counts): median, minimum, maximum.
struct Samples: Codable {
  var values: [Double] = []

  init(_ values: [Double] = []) { self.values = values }

  mutating func add(_ value: Double) { values.append(value) }

  var count: Int { values.count }
  var min: Double { values.min() ?? .nan }
  var max: Double { values.max() ?? .nan }
  var median: Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  static func + (a: Samples, b: Samples) -> Samples { Samples(a.values + b.values) }
}

/// Milliseconds on the monotonic clock.
func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
}

/// A number for the table: one decimal below 100, none above.
func format(_ value: Double) -> String {
  guard value.isFinite else { return "–" }
  return value < 100 ? String(format: "%.1f", value) : String(format: "%.0f", value)
}
