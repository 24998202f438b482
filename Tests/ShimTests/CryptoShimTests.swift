import CCrypto
import Testing

@Suite struct CryptoShimTests {
  @Test func sha256OfAbcMatchesTheFIPSTestVector() {
    var digest = [UInt8](repeating: 0, count: 32)
    let input = Array("abc".utf8)
    ccrypto_sha256(input, input.count, &digest)
    let hex = digest.map {
      String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
    }
    .joined()
    #expect(hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func randomBytesAreFilled() {
    var first = [UInt8](repeating: 0, count: 32)
    var second = [UInt8](repeating: 0, count: 32)
    #expect(ccrypto_random_bytes(&first, 32) == 1)
    #expect(ccrypto_random_bytes(&second, 32) == 1)
    #expect(first != second)
  }
}
