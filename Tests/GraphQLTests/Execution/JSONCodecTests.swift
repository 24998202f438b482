import GraphQL
import GraphQLWire
import Testing

@Suite struct JSONCodecTests {
  private func decode(_ text: String) throws -> JSON { try JSON(parsing: text) }

  private func parseError(_ bytes: [UInt8]) -> JSONParseError? {
    do {
      _ = try JSON(parsing: bytes)
      return nil
    } catch {
      return error
    }
  }

  @Test func encodesLikeJSONStringify() {
    let value: JSON = .object([
      "s": .string("q\"b\\s/\u{08}\u{0C}\n\r\t\u{01}\u{1F}\u{7F}é😀\u{2028}"),
      "i": .int(-9_223_372_036_854_775_807), "z": .int(0), "b": .bool(true), "n": .null,
      "a": .array([.int(1), .array([]), .object([:])]),
    ])
    #expect(
      value.encodedString
        == #"{"s":"q\"b\\s/\b\f\n\r\t\u0001\u001f\#u{7F}é😀\#u{2028}","i":-9223372036854775807,"z":0,"b":true,"n":null,"a":[1,[],{}]}"#
    )
  }

  @Test func encodesDoublesAsJavaScriptDoes() {
    // Expected strings from node: JSON.stringify([...]).
    let cases: [(Double, String)] = [
      (1.0, "1"), (-2.0, "-2"), (1e21, "1e+21"), (1e20, "100000000000000000000"), (1e-7, "1e-7"),
      (0.000001, "0.000001"), (123.456, "123.456"), (-0.0, "0"), (.leastNonzeroMagnitude, "5e-324"),
      (1.7976931348623157e308, "1.7976931348623157e+308"), (0.1 + 0.2, "0.30000000000000004"),
      (1.5e-10, "1.5e-10"), (1.2345678901234568e20, "123456789012345680000"), (2.5, "2.5"),
      (.nan, "null"), (.infinity, "null"),
    ]
    for (value, expected) in cases {
      #expect(JSON.double(value).encodedString == expected, "\(value)")
    }
  }

  @Test func decodesNumbersStringsAndStructure() throws {
    let value = try decode(
      #" { "a" : [1, -0, 2.5, 1e3, 9223372036854775808, true, false, null], "b": "x\u00e9\ud83d\ude00\n\/" } "#
    )
    #expect(
      value
        == .object([
          "a": .array([
            .int(1), .int(0), .double(2.5), .double(1000), .double(9_223_372_036_854_775_808), .bool(true),
            .bool(false), .null,
          ]),
          "b": .string("xé😀\n/"),
        ]))
  }

  @Test func objectsKeepOrderAndDuplicateKeysKeepLastValue() throws {
    let value = try decode(#"{"z":1,"a":2,"z":3}"#)
    #expect(value.objectValue?.keys == ["z", "a"])
    #expect(value["z"] == .int(3))
    // Many keys take the hashed path; still last-wins and ordered.
    let keys = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    let big = try decode("{\(keys),\"k5\":\"again\"}")
    #expect(big.objectValue?.count == 40)
    #expect(big["k5"] == .string("again"))
    #expect(big.objectValue?.keys.first == "k0")
  }

  @Test func roundTrips() throws {
    let texts = [
      #"{"data":{"launches":{"cursor":"90","hasMore":true,"launches":[{"id":"110","site":null}]}}}"#,
      #"[0,-1,1.5,"\u0000\"\\",[[]],{}]"#, #""é😀""#, "null", "-12345678901234",
    ]
    for text in texts {
      #expect(try decode(text).encodedString == text)
    }
  }

  @Test func rejectsInvalidInputWithOffsets() {
    let cases: [(String, Int, String)] = [
      ("", 0, "Unexpected end of JSON input"),
      ("{\"a\":1,}", 7, "Unexpected \"}\" in object, expected a string key"),
      ("[1 2]", 3, "Unexpected \"2\" in array"),
      ("1 x", 2, "Unexpected \"x\" after the JSON value"),
      ("01", 1, "Unexpected \"1\" after the JSON value"),
      ("1.", 2, "Unexpected end of JSON input"),
      ("-", 1, "Unexpected end of JSON input"),
      ("+1", 0, "Unexpected \"+\""),
      ("\"a\u{01}\"", 2, "Bad control character in string"),
      (#""\x""#, 1, "Bad escaped character in string"),
      (#""\ud800""#, 1, "Lone surrogate"),
      (#""\udc00x""#, 1, "Lone surrogate"),
      (#""\u12G4""#, 5, "Bad Unicode escape"),
      ("nul", 3, "Unexpected end of JSON input"),
      ("tru e", 3, "Unexpected \" \""),
      ("1e999", 0, "Number 1e999 is out of range"),
      ("{\"a\" 1}", 5, "Unexpected \"1\" in object, expected \":\""),
      ("\"abc", 4, "Unexpected end of JSON input"),
    ]
    for (text, offset, message) in cases {
      let error = parseError(Array(text.utf8))
      #expect(error?.offset == offset, "\(text)")
      #expect(error?.message.hasPrefix(message) == true, "\(text): \(String(describing: error))")
    }
  }

  /// Strings are scanned eight bytes at a time: a quote, an escape, a control character or a
  /// non-ASCII byte at any offset of a word, in strings of any length, reads as one byte at a time.
  @Test func stringsReadTheSameAtEveryOffsetOfAWord() throws {
    for length in 0..<20 {
      for position in 0...length {
        let plain = String(repeating: "a", count: length)
        #expect(try decode("\"\(plain)\"") == .string(plain))
        let prefix = String(repeating: "b", count: position)
        let suffix = String(repeating: "c", count: length - position)
        #expect(try decode("\"\(prefix)\\\"\(suffix)\"") == .string(prefix + "\"" + suffix))
        #expect(try decode("\"\(prefix)\\n\(suffix)\"") == .string(prefix + "\n" + suffix))
        #expect(try decode("\"\(prefix)é\(suffix)\"") == .string(prefix + "é" + suffix))
        let control = parseError(Array("\"\(prefix)\u{1F}\(suffix)\"".utf8))
        #expect(control?.offset == 1 + position)
        #expect(control?.message.hasPrefix("Bad control character in string") == true)
        let invalid = Array("\"\(prefix)".utf8) + [0xFF] + Array("\(suffix)\"".utf8)
        #expect(parseError(invalid)?.message == "Invalid UTF-8 in string")
        #expect(parseError(Array("\"\(prefix)\(suffix)".utf8))?.message.hasPrefix("Unexpected end") == true)
      }
    }
  }

  @Test func rejectsInvalidUTF8AndByteOrderMark() {
    #expect(parseError([0x22, 0x61, 0xC3, 0x28, 0x22])?.offset == 2)
    #expect(parseError([0x22, 0xED, 0xA0, 0x80, 0x22])?.message == "Invalid UTF-8 in string")
    #expect(parseError([0x22, 0x5C, 0x6E, 0xFF, 0x22])?.offset == 1)
    #expect(parseError([0xEF, 0xBB, 0xBF, 0x31])?.offset == 0)
    #expect(parseError([0xC0, 0xAF])?.offset == 0)
  }

  @Test func limitsNesting() throws {
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    let error = parseError(Array(deep.utf8))
    #expect(error?.message == "JSON nested deeper than 512 levels")
    #expect(error?.offset == 512)
    let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(try decode(fine).arrayValue?.count == 1)
    #expect(throws: JSONParseError.self) { try JSON(parsing: "[[[]]]", maxDepth: 2) }
  }
}
