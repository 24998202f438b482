import Base64
import Testing

/// The package's one base64 codec refuses what its alphabet does not write, so a cursor, token or
/// WebSocket key has exactly one text form.
@Suite struct Base64Tests {
  @Test func rfc4648TestVectors() {
    let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE="]
    for (plain, encoded) in vectors {
      #expect(Base64.encode(plain.utf8) == encoded)
      #expect(Base64.decode(encoded) == Array(plain.utf8))
      let url = String(encoded.filter { $0 != "=" })
      #expect(Base64.encode(plain.utf8, .url) == url)
      #expect(Base64.decode(url, .url) == Array(plain.utf8))
    }
  }

  @Test(arguments: [
    ("Zg", Base64.Alphabet.standard),  // padding missing
    ("Zg=", .standard),  // a length no encoding has
    ("Z===", .standard),  // too much padding
    ("Zh==", .standard),  // bits left over in the last symbol
    ("-_8=", .standard),  // the URL alphabet's symbols
    ("Zg==", .url),  // padding where there is none
    ("+/8", .url),  // the standard alphabet's symbols
    ("Z", .url),  // one symbol makes no byte
    ("Zm9v\n", .url),  // anything else
  ])
  func refusesWhatTheAlphabetDoesNotWrite(text: String, alphabet: Base64.Alphabet) {
    #expect(Base64.decode(text, alphabet) == nil)
  }
}
