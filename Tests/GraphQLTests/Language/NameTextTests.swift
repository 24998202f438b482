import GraphQLWire
import Testing

@testable import GraphQL

@Suite struct NameTextTests {
  /// Every length from 1 to past the in-place capacity, at every position of a buffer: a parsed
  /// name reads back as the same string, equal to and hashing as the name built from a `String`.
  @Test func parsedAndBuiltNamesAgree() {
    let bytes = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ_0123456789".utf8)
    let layout = ASCIIText.smallLayoutIsKnown
    bytes.withUnsafeBufferPointer { buffer in
      for start in 0..<bytes.count {
        for count in 1...min(20, bytes.count - start) {
          let expected = String(decoding: bytes[start..<(start + count)], as: UTF8.self)
          let parsed = NameText(name: buffer, start: start, count: count, smallLayout: layout)
          let built = NameText(expected)
          #expect(parsed.string == expected)
          #expect(Array(parsed.string.utf8) == Array(expected.utf8))
          #expect(parsed == built)
          #expect(parsed.hashValue == built.hashValue)
          if case .inline = parsed {
            #expect(count <= NameText.inlineCapacity)
          } else {
            #expect(count > NameText.inlineCapacity)
          }
        }
      }
    }
  }

  /// Text a name cannot hold in place still round-trips: empty, non-ASCII, NUL, long.
  @Test func otherTextIsBoxed() {
    for text in ["", "é", "a\u{0}b", "name_with_more_than_twelve", "🚀"] {
      let name = NameText(text)
      #expect(name.string == text)
      guard case .boxed = name else {
        Issue.record("\(text.debugDescription) should be boxed")
        continue
      }
    }
    var node = Name("launches")
    node.value = "missionPatchSmall"
    #expect(node.value == "missionPatchSmall")
    #expect(node == Name("missionPatchSmall"))
    #expect(node != Name("missionPatch"))
  }

  /// The eight-byte name test agrees with the byte test for every byte value at every offset of
  /// a word, the rest of the word being name bytes or not.
  @Test func wordClassifierMatchesTheByteTest() {
    for filler: UInt8 in [0x61, 0x5F, 0x30, 0x20, 0xFF] {
      for offset in 0..<8 {
        for value in 0...255 {
          var bytes = [UInt8](repeating: filler, count: 8)
          bytes[offset] = UInt8(value)
          let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
          var expected: UInt64 = 0
          for (index, byte) in bytes.enumerated() where !Lexer.isNameContinue(byte) {
            expected |= 0x80 << (UInt64(index) * 8)
          }
          #expect(Lexer.nonNameBytes(word) == expected, "byte \(value) at \(offset) among \(filler)")
        }
      }
    }
  }

  /// Names that end at every offset of a word, and run to the end of the text, lex whole.
  @Test func namesOfEveryLengthLexWhole() throws {
    for length in 1...24 {
      let name = String(repeating: "aZ_9", count: 6).prefix(length)
      for text in ["\(name)", "\(name) x", "{\(name)}", "\(name)é"] {
        let lexer = Lexer(source: Source(text))
        let token = try lexer.readToken(from: text.hasPrefix("{") ? 1 : 0)
        #expect(token.kind == .name)
        #expect(token.end - token.start == length, "\(text)")
      }
    }
  }
}
