import Testing

@testable import LaunchBackend

@Suite struct LaunchCursorTests {
  @Test func cursorIsUnpaddedBase64URLOfTheFlight() {
    #expect(LaunchCursor.encode(1) == "bGF1bmNoOjE")
    #expect(LaunchCursor.encode(110) == "bGF1bmNoOjExMA")
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
