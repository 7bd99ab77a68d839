import Foundation

/// What this process's C heap (glibc's malloc) holds in use, and the malloc setting the memory
/// children run with.
///
/// PSS counts pages, and glibc keeps freed blocks' pages: how many depends on where a large block
/// landed. GTK draws each frame of a window into one buffer of its size (1.8 MiB for the bench's
/// 720 × 640 host window, drawn with cairo under Xvfb), freed after the frame. By default glibc
/// raises its mmap threshold to the largest block freed, so these buffers then come from the heap,
/// and one or two freed ones stay resident or not by chance: readings of the same idle app
/// differed in steps of 1.76 MiB. `environment` pins the threshold at glibc's default (128 KiB),
/// so a buffer that size is mapped and unmapped again; `megabytes()` says what is in use whatever
/// the pages.
///
/// ```swift
/// let before = HeapInUse.megabytes()
/// // … cycles …
/// print((HeapInUse.megabytes() ?? 0) - (before ?? 0))   // MiB the heap holds more
/// ```
enum HeapInUse {
  /// The environment the memory children (and MiniBrowser, measured beside them) run with.
  nonisolated static let environment = ["MALLOC_MMAP_THRESHOLD_": "131072"]

  /// Bytes in use in all of malloc's arenas and its mapped blocks, in MiB, from `malloc_info`;
  /// nil where the C library has no `malloc_info` (not glibc).
  static func megabytes() -> Double? {
    typealias MallocInfo = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
    guard let symbol = dlsym(nil, "malloc_info") else { return nil }
    var buffer: UnsafeMutablePointer<CChar>?
    var size = 0
    guard let stream = open_memstream(&buffer, &size) else { return nil }
    let status = unsafeBitCast(symbol, to: MallocInfo.self)(0, stream)
    fclose(stream)
    defer { free(buffer) }
    guard status == 0, let buffer else { return nil }
    return inUse(fromMallocInfo: String(cString: buffer)).map { Double($0) / 1_048_576 }
  }

  /// Bytes in use from `malloc_info`'s XML: the arenas' memory from the system less their free
  /// blocks (fast bins and the rest, the top chunk included), plus the blocks mapped on their own.
  static func inUse(fromMallocInfo xml: String) -> Int? {
    // Every arena has lines of the same form; the totals of all come last.
    var totals: [Substring: Int] = [:]
    for match in xml.matches(of: /<total type="(\w+)" count="\d+" size="(\d+)"\/>/) {
      totals[match.output.1] = Int(match.output.2)
    }
    let system = xml.matches(of: /<system type="current" size="(\d+)"\/>/).last.flatMap { Int($0.output.1) }
    guard let system, let fast = totals["fast"], let rest = totals["rest"], let mapped = totals["mmap"] else {
      return nil
    }
    return system - fast - rest + mapped
  }
}
