/// The size of a help or terms sheet over its parent window: the size it prefers, made smaller
/// to stay inside a smaller parent with a margin, and never below a usable minimum. A parent too
/// small even for the minimum gets a sheet that covers it.
///
/// ```swift
/// SheetSize.fitting(parent: SheetSize(width: 760, height: 560))  // 712×512: 24 px inside each edge
/// SheetSize.fitting(parent: nil)                                  // 720×640: no parent
/// SheetSize.fitting(parent: SheetSize(width: 200, height: 150))  // 300×300: the minimum, over it
/// ```
public struct SheetSize: Sendable, Equatable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The size a sheet opens at when its parent leaves room (or it has none).
  public static let preferred = SheetSize(width: 720, height: 640)
  /// The smallest sheet that is still usable: a header, a few lines of a page.
  public static let minimum = SheetSize(width: 300, height: 300)
  /// The room left between the sheet and each edge of a parent smaller than the sheet.
  public static let margin = 24

  /// The sheet's size over a parent of size `parent` (`nil`, or not laid out yet: `preferred`).
  public static func fitting(
    parent: SheetSize?, preferred: SheetSize = .preferred, minimum: SheetSize = .minimum, margin: Int = margin
  ) -> SheetSize {
    guard let parent, parent.width > 0, parent.height > 0 else { return preferred }
    func fit(_ wanted: Int, _ smallest: Int, _ room: Int) -> Int { max(smallest, min(wanted, room - 2 * margin)) }
    return SheetSize(
      width: fit(preferred.width, minimum.width, parent.width),
      height: fit(preferred.height, minimum.height, parent.height))
  }

  public var description: String { "\(width)×\(height)" }
}
