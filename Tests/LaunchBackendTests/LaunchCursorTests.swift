import Base64
import Foundation
import Testing

@testable import LaunchBackend

@Suite struct LaunchCursorTests {
  @Test func cursorIsUnpaddedBase64URLOfTheFlight() {
    #expect(LaunchCursor.encode(1) == "bGF1bmNoOjE")
    #expect(LaunchCursor.encode(110) == "bGF1bmNoOjExMA")
  }

  /// The byte-by-byte encoder agrees with Foundation's base64 (with `-`, `_` and no padding) for
  /// every length up to 64, with bytes that make `+` and `/` in plain base64.
  @Test func base64URLMatchesFoundation() {
    var generator = SystemRandomNumberGenerator()
    for length in 0...64 {
      let bytes = (0..<length).map { index in
        index % 3 == 0
          ? UInt8(0xFB) : index % 3 == 1 ? UInt8(0xFF) : UInt8.random(in: 0...255, using: &generator)
      }
      let expected = Data(bytes).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
      #expect(Base64.encode(bytes, .url) == expected, "\(bytes)")
      #expect(Base64.decode(expected, .url) == bytes)
      #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
      #expect(Base64.decode(Data(bytes).base64EncodedString()) == bytes)
    }
  }

  @Test(arguments: [1, 9, 42, 110, 99_999])
  func cursorsRoundTrip(flight: Int) {
    #expect(LaunchCursor.decode(LaunchCursor.encode(flight)) == flight)
  }

  @Test func onlyCanonicalCursorsDecode() {
    #expect(LaunchCursor.decode("bGF1bmNoOjE=") == nil)  // padded
    #expect(LaunchCursor.decode("bGF1bmNoOjAx") == nil)  // "launch:01"
    #expect(LaunchCursor.decode("Zmxvb3I6MQ") == nil)  // "floor:1"
    #expect(LaunchCursor.decode("") == nil)
    #expect(LaunchCursor.decode("!!!") == nil)
    #expect(LaunchCursor.decode(String(repeating: "A", count: 200)) == nil)
  }
}
