import Foundation
import LaunchBackend
import Testing

@Suite struct SessionTokenTests {
  private static let alphabet = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

  @Test func tokensAre256BitsOfURLSafeText() throws {
    let token = try SessionToken.generate()
    #expect(token.text.count == 43)  // ceil(32 * 8 / 6): 256 bits, no padding
    #expect(token.text.allSatisfy { Self.alphabet.contains($0) })
    #expect(SessionToken(text: token.text) == token)
  }

  @Test func tokensAreUnique() throws {
    let tokens = try (0..<1000).map { _ in try SessionToken.generate().text }
    #expect(Set(tokens).count == 1000)
    // Every alphabet character shows up somewhere: the text really spans the whole alphabet.
    #expect(Set(tokens.joined()) == Self.alphabet)
  }

  @Test func digestIsTheSHA256OfTheText() throws {
    let token = try #require(SessionToken(text: String(repeating: "A", count: 43)))
    // printf 'A%.0s' {1..43} | sha256sum
    let hex = token.digest.map { String(format: "%02x", $0) }.joined()
    #expect(hex == "0f007385b6f9d4b7eeb2748605afe1a984a0a3bfa3f014d09e2a784ce9e5cd1a")
  }

  @Test(arguments: ["", "short", String(repeating: "A", count: 44), String(repeating: "+", count: 43)])
  func malformedTextIsNotAToken(text: String) {
    #expect(SessionToken(text: text) == nil)
  }
}
