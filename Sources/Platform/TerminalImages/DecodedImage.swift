import CImages

/// An image's pixels (RGBA, row by row), decoded from PNG or JPEG and drawn for a terminal.
public struct DecodedImage: Sendable {
  /// The width in pixels.
  public let width: Int
  /// The height in pixels.
  public let height: Int
  /// The RGBA bytes, `width * height * 4` of them.
  public let pixels: [UInt8]

  /// Decodes the PNG or JPEG in `bytes`, its header's size checked against `limits` first.
  /// - Throws: ``ImageDecodingError``.
  public static func decode(_ bytes: [UInt8], limits: ImageLimits) throws(ImageDecodingError) -> DecodedImage
  {
    var image = cimages_rgba()
    var message: UnsafePointer<CChar>?
    let status = bytes.withUnsafeBufferPointer { buffer in
      cimages_decode(
        buffer.baseAddress, buffer.count, UInt32(clamping: limits.maxSide), UInt(clamping: limits.maxPixels),
        &image, &message)
    }
    let detail = message.map { String(cString: $0) } ?? ""
    switch status {
    case CIMAGES_OK: break
    case CIMAGES_NOT_AN_IMAGE: throw .notAnImage
    case CIMAGES_TOO_LARGE: throw .tooLarge(detail)
    case CIMAGES_LIBRARY_MISSING: throw .libraryMissing(detail)
    case CIMAGES_OUT_OF_MEMORY: throw .outOfMemory
    default: throw .corrupt(detail)
    }
    defer { cimages_release(image.pixels) }
    let width = Int(image.width)
    let height = Int(image.height)
    guard let pixels = image.pixels else { throw .outOfMemory }
    return DecodedImage(
      width: width, height: height,
      pixels: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
  }

  /// The text that draws this image in at most `columns` x `rows` cells (of `cell` pixels, nil:
  /// 10 x 20) as `graphics` says; nil when libchafa cannot be loaded.
  public func render(
    as graphics: TerminalGraphics, columns: Int, rows: Int, cell: (width: Int, height: Int)? = nil
  ) -> TerminalPicture? {
    var length = 0
    var usedColumns: Int32 = 0
    var usedRows: Int32 = 0
    let text = pixels.withUnsafeBufferPointer { buffer in
      cimages_render(
        buffer.baseAddress, UInt32(width), UInt32(height), graphics.chafaProtocol, Int32(clamping: columns),
        Int32(clamping: rows), Int32(clamping: cell?.width ?? 0), Int32(clamping: cell?.height ?? 0), &length,
        &usedColumns, &usedRows)
    }
    guard let text else { return nil }
    defer { cimages_release(text) }
    let bytes = UnsafeRawBufferPointer(start: text, count: length)
    return TerminalPicture(bytes: Array(bytes), columns: Int(usedColumns), rows: Int(usedRows))
  }

  /// Why pictures cannot be drawn (libchafa missing), or nil when they can.
  public static var rendererProblem: String? {
    cimages_renderer_open_error().map { String(cString: $0) }
  }
}
