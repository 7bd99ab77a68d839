import Foundation

extension Report {
  /// The rows of one memory scenario besides the dialog's (`MemoryBench.Scenario`): its growth
  /// over all cycles and from cycle 10 on, and its WebKit processes after one cycle and after all,
  /// each beside its target (issue 21).
  ///
  /// ```swift
  /// rows += Report.memoryRows(results.otherMemory[0])
  /// ```
  static func memoryRows(_ memory: MemoryBench.Result) -> [Row] {
    let name = memory.scenario.cycleName
    let growth = memory.afterCycles - memory.oneDialog
    var rows = [
      Row(
        measure: "PSS, app + WebKit processes: one open → after \(memory.cycles) \(name)",
        samples: Samples([memory.oneDialog, memory.afterCycles]), unit: "MiB", ratio: "\(format(growth)) MiB more",
        target: "≤ 5 MiB more", met: growth <= 5),
      Row(
        measure: "PSS, same: after 10 → after \(memory.cycles) \(name) (line through a reading every 10)",
        samples: Samples(memory.lateTotals.map(\.total)), unit: "MiB", ratio: lateGrowthText(memory),
        target: "≤ 2 MiB more", met: memory.lateTrend <= 2),
    ]
    for kind in memory.oneDialogByKind.keys.sorted() {
      let before = memory.oneDialogByKind[kind] ?? 0
      let after = memory.afterCyclesByKind[kind] ?? 0
      rows.append(
        Row(
          measure: "PSS of \(kind): one open → after \(memory.cycles) \(name)", samples: Samples([before, after]),
          unit: "MiB", ratio: "\(format(after - before)) MiB more"))
    }
    rows += anonRows(memory)
    rows.append(
      Row(
        measure: "WebKit processes: after 1 → after \(memory.cycles) \(name)",
        samples: Samples([Double(memory.processesAfterOneCycle), Double(memory.processesAfterCycles)]),
        unit: "processes", target: "no growth", met: memory.processesAfterCycles <= memory.processesAfterOneCycle))
    return rows
  }

  /// The growth from cycle 10 on by the line through the readings (`lateTrend`, the figure
  /// judged), and what the readings at both ends alone say.
  static func lateGrowthText(_ memory: MemoryBench.Result) -> String {
    "\(format(memory.lateTrend)) MiB more by the line; "
      + "\(format(memory.afterCycles - memory.afterTenCycles)) by the readings at 10 and \(memory.cycles)"
  }

  /// The growth without mapped files (`ProcessTree.totalAnonPSS`), over all cycles and from
  /// cycle 10 on, and by process: what PSS says once other programs' share of the libraries is
  /// left out (it moves with whatever else runs); then what the app's C heap holds in use
  /// (`HeapInUse`), whatever pages malloc keeps.
  static func anonRows(_ memory: MemoryBench.Result) -> [Row] {
    let name = memory.scenario.cycleName
    var rows = [
      Row(
        measure: "PSS without mapped files: one open → after \(memory.cycles) \(name)",
        samples: Samples([memory.oneDialogAnon, memory.afterCyclesAnon]), unit: "MiB",
        ratio: "\(format(memory.afterCyclesAnon - memory.oneDialogAnon)) MiB more"),
      Row(
        measure: "PSS without mapped files: after 10 → after \(memory.cycles) \(name)",
        samples: Samples([memory.afterTenCyclesAnon, memory.afterCyclesAnon]), unit: "MiB",
        ratio: "\(format(memory.afterCyclesAnon - memory.afterTenCyclesAnon)) MiB more"),
    ]
    for kind in memory.oneDialogAnonByKind.keys.sorted() {
      let before = memory.oneDialogAnonByKind[kind] ?? 0
      let after = memory.afterCyclesAnonByKind[kind] ?? 0
      rows.append(
        Row(
          measure: "PSS without mapped files of \(kind): one open → after \(memory.cycles) \(name)",
          samples: Samples([before, after]), unit: "MiB", ratio: "\(format(after - before)) MiB more"))
    }
    rows.append(
      Row(
        measure: "C heap in use of app (malloc_info): after 10 → after \(memory.cycles) \(name)",
        samples: Samples([memory.heapAfterTen, memory.heapAfter]), unit: "MiB",
        ratio: "\(format((memory.heapAfter - memory.heapAfterTen) * 1024)) KiB more"))
    return rows
  }
}
