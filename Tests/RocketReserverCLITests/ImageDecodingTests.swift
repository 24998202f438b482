import EngineProbes
import Foundation
import TerminalImages
import TestSupport
import Testing

/// The image decoders: PNG and JPEG to RGBA, the header's size checked before any pixel, and
/// pictures drawn for each terminal protocol.
@Suite struct ImageDecodingTests {
  static let limits = ImageLimits(maxSide: 4096, maxPixels: 4096 * 4096)

  @Test func aPNGAndAJPEGDecodeToTheirSizes() throws {
    let png = try DecodedImage.decode([UInt8](PatchImages.png(width: 40, height: 30)), limits: Self.limits)
    #expect(png.width == 40 && png.height == 30 && png.pixels.count == 40 * 30 * 4)
    // The gradient's first pixel: red 200, green 0, blue 0, opaque.
    #expect(Array(png.pixels.prefix(4)) == [200, 0, 0, 255])
    let jpeg = try DecodedImage.decode([UInt8](PatchImages.jpeg), limits: Self.limits)
    #expect(jpeg.width == 16 && jpeg.height == 16)
  }

  @Test func aDecompressionBombIsRefusedFromItsHeaderInMilliseconds() throws {
    let bomb = [UInt8](PatchImages.bomb())
    #expect(bomb.count < 3 << 20)
    let (outcome, seconds) = ThreadCPUTime.measure {
      Result { () throws(ImageDecodingError) in try DecodedImage.decode(bomb, limits: Self.limits) }
    }
    #expect(throws: ImageDecodingError.tooLarge("20000 x 20000 pixels")) { try outcome.get() }
    // Inflating 400 MB would take seconds; reading the header takes well under a millisecond.
    #expect(seconds < 0.1)
    // Within the limits the same kind of file decodes, all black.
    let small = try DecodedImage.decode([UInt8](PatchImages.bomb(side: 300)), limits: Self.limits)
    #expect(small.width == 300 && small.pixels.allSatisfy { $0 == 0 || $0 == 255 })
  }

  @Test func notAnImageTruncatedAndCorruptAreRefused() {
    #expect(throws: ImageDecodingError.notAnImage) {
      try DecodedImage.decode(Array("<html></html>".utf8), limits: Self.limits)
    }
    let png = [UInt8](PatchImages.png(width: 40, height: 30))
    #expect(throws: ImageDecodingError.self) {
      try DecodedImage.decode(Array(png.prefix(60)), limits: Self.limits)
    }
    var jpeg = [UInt8](PatchImages.jpeg)
    jpeg.replaceSubrange(20..<200, with: [UInt8](repeating: 0xFF, count: 180))
    #expect(throws: ImageDecodingError.self) { try DecodedImage.decode(jpeg, limits: Self.limits) }
    #expect(throws: ImageDecodingError.tooLarge("40 x 30 pixels")) {
      try DecodedImage.decode(png, limits: ImageLimits(maxSide: 4096, maxPixels: 1000))
    }
  }

  @Test(arguments: [
    (TerminalGraphics.kitty, "\u{1B}_Ga=T,f=32,"), (.sixel, "\u{1B}P0;1;0q"),
    (.iterm2, "\u{1B}]1337;File=inline=1;"),
    (.blocks, "\u{1B}[38;2;"),
  ])
  func eachProtocolDrawsItsOwnSequence(graphics: TerminalGraphics, start: String) throws {
    let image = try DecodedImage.decode([UInt8](PatchImages.png(width: 64, height: 32)), limits: Self.limits)
    let picture = try #require(image.render(as: graphics, columns: 20, rows: 10))
    #expect(String(decoding: picture.bytes, as: UTF8.self).contains(start))
    // Twice as wide as tall, in cells twice as tall as wide: 20 x 5.
    #expect(picture.columns == 20 && picture.rows == 5)
  }
}
