import Foundation
import TestSupport

/// Mission patch fixtures, and a loopback server that answers `launch` with a patch URL of its
/// own: a real GraphQL answer whose `missionPatch` points back at the same server.
enum PatchImages {
  /// A 16 x 16 baseline JPEG of a gradient, written by libjpeg-turbo at quality 80.
  static let jpeg =
    Data(
      base64Encoded:
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDmPCkH3OK9l8KQfc4ry7wpB9zivZPCkH3OK4M74V390+u4jr7n/9k="
    ) ?? Data()

  /// A `width` x `height` RGB PNG of a colour gradient, its pixels in stored (uncompressed)
  /// deflate blocks.
  static func png(width: Int, height: Int) -> Data {
    var raw: [UInt8] = []
    raw.reserveCapacity(height * (1 + width * 3))
    for y in 0..<height {
      raw.append(0)  // filter: none
      for x in 0..<width {
        raw += [UInt8(200), UInt8(x * 255 / max(width - 1, 1)), UInt8(y * 255 / max(height - 1, 1))]
      }
    }
    var zlib: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let count = min(65_535, raw.count - offset)
      let final: UInt8 = offset + count == raw.count ? 1 : 0
      zlib += [
        final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF),
      ]
      zlib += raw[offset..<offset + count]
      offset += count
    } while offset < raw.count
    zlib += bigEndian(adler32(raw))
    return file(width: width, height: height, colourType: 2, idat: zlib)
  }

  /// A valid 20,000 x 20,000 grey PNG (400 MB of pixels, all black) in 2.5 MB: one literal and
  /// then 258-byte back-references (fixed Huffman codes, 13 bits each), the shape of a
  /// decompression bomb.
  static func bomb(side: Int = 20_000) -> Data {
    let total = side * (side + 1)  // a filter byte per row, then one byte per pixel
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman
    bits.writeCode(0x30, length: 8)  // literal 0
    let matches = (total - 1) / 258
    for _ in 0..<matches {
      bits.writeCode(0xC5, length: 8)  // length 258 (symbol 285)
      bits.writeCode(0, length: 5)  // distance 1
    }
    for _ in 0..<(total - 1 - matches * 258) { bits.writeCode(0x30, length: 8) }
    bits.writeCode(0, length: 7)  // end of block
    // Adler-32 of `total` zero bytes: A stays 1, B adds 1 per byte.
    let adler = UInt32(total % 65_521) << 16 | 1
    return file(
      width: side, height: side, colourType: 0, idat: [0x78, 0x01] + bits.finished + bigEndian(adler))
  }

  private static func file(width: Int, height: Int, colourType: UInt8, idat: [UInt8]) -> Data {
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colourType, 0, 0, 0])
    png += chunk("IDAT", idat)
    png += chunk("IEND", [])
    return Data(png)
  }

  private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  private static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  private static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }

  /// Deflate's bit order: fields least significant bit first, Huffman codes most significant first.
  private struct BitWriter {
    var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var filled = 0

    mutating func write(_ value: UInt32, count: Int) {
      buffer |= UInt64(value) << UInt64(filled)
      filled += count
      while filled >= 8 {
        bytes.append(UInt8(buffer & 0xFF))
        buffer >>= 8
        filled -= 8
      }
    }

    mutating func writeCode(_ code: UInt32, length: Int) {
      var reversed: UInt32 = 0
      for bit in 0..<length { reversed |= ((code >> UInt32(bit)) & 1) << UInt32(length - 1 - bit) }
      write(reversed, count: length)
    }

    var finished: [UInt8] { filled > 0 ? bytes + [UInt8(buffer & 0xFF)] : bytes }
  }

  /// A server answering GraphQL with launch 5, whose patch is `/patch` on the same server,
  /// which answers with `patch` (as `contentType`).
  static func server(patch: Data, contentType: String = "image/png") throws -> LoopbackHTTPStub {
    try LoopbackHTTPStub { request in
      if request.path.hasPrefix("/patch") {
        return LoopbackHTTPStub.Response(headers: ["Content-Type": contentType], body: patch)
      }
      let host = request.header("host") ?? "127.0.0.1"
      return .json(
        #"{"data":{"launch":{"id":"5","site":"KSC LC 39A","mission":{"name":"CRS-21","missionPatch":"http://"#
          + host + #"/patch"},"rocket":{"id":"falcon9","name":"Falcon 9","type":"FT"},"isBooked":false}}}"#)
    }
  }
}
