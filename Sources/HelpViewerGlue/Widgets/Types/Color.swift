/// An opaque color, components from 0 to 1.
///
/// ```swift
/// let dark = Color(red: 0x1e / 255.0, green: 0x1e / 255.0, blue: 0x1e / 255.0)
/// page.backgroundColor = dark
/// ```
public struct Color: Equatable, Sendable {
  public var red: Double
  public var green: Double
  public var blue: Double

  public init(red: Double, green: Double, blue: Double) {
    self.red = red
    self.green = green
    self.blue = blue
  }
}
