/// The most an image may be before it is decoded: checked against the header's width and
/// height, so an image past them costs no more than reading its header.
public struct ImageLimits: Sendable, Equatable {
  /// The widest or tallest side accepted, in pixels.
  public var maxSide: Int
  /// The most pixels accepted (each costs 4 bytes once decoded).
  public var maxPixels: Int

  /// Limits of `maxSide` pixels a side and `maxPixels` in all.
  public init(maxSide: Int, maxPixels: Int) {
    self.maxSide = maxSide
    self.maxPixels = maxPixels
  }
}
