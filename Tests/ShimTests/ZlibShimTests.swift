import CZlib
import Testing

/// zlib, opened on first use: `czlib_gzip` writes a gzip member within its bound.
@Suite struct ZlibShimTests {
  @Test func gzipWritesAMemberWithinTheBound() throws {
    #expect(czlib_open_error() == nil)
    let input = Array(String(repeating: #"{"id":"42","site":"KSC LC 39A"},"#, count: 100).utf8)
    let capacity = czlib_gzip_bound(input.count)
    var output = [UInt8](repeating: 0, count: capacity)
    let written = input.withUnsafeBytes { source in
      output.withUnsafeMutableBytes {
        czlib_gzip(source.baseAddress, source.count, $0.baseAddress, capacity, 1)
      }
    }
    #expect(written > 18 && written < input.count / 4)
    // RFC 1952: ID1 ID2 CM (deflate).
    #expect(Array(output.prefix(3)) == [0x1F, 0x8B, 8])
    // Incompressible input still fits the bound.
    var random = SystemRandomNumberGenerator()
    let noise = (0..<10_000).map { _ in UInt8.random(in: 0...255, using: &random) }
    var room = [UInt8](repeating: 0, count: czlib_gzip_bound(noise.count))
    let stored = noise.withUnsafeBytes { source in
      room.withUnsafeMutableBytes {
        czlib_gzip(source.baseAddress, source.count, $0.baseAddress, $0.count, 1)
      }
    }
    #expect(stored > noise.count)
  }
}
