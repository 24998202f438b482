import GraphQLWire
import Testing

@testable import GraphQL

@Suite struct ASCIITextTests {
  @Test func smallStringLayoutIsRecognisedOnThisPlatform() {
    // If this fails the parser still works (through `String(decoding:as:)`), only slower.
    #expect(ASCIIText.smallLayoutIsKnown)
  }

  /// Every length from 0 to past the small-string capacity, at every position of a buffer, so
  /// both the two-word loads and the byte loop near the end of the buffer are covered.
  @Test func makesTheSameStringsAsTheStandardLibrary() {
    let bytes = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ_0123456789".utf8)
    let layout = ASCIIText.smallLayoutIsKnown
    bytes.withUnsafeBufferPointer { buffer in
      for start in 0..<bytes.count {
        for count in 0...min(20, bytes.count - start) {
          let expected = String(decoding: bytes[start..<(start + count)], as: UTF8.self)
          let made = ASCIIText.makeString(buffer, start: start, count: count, smallLayout: layout)
          #expect(made == expected)
          #expect(made.hashValue == expected.hashValue)
          #expect(Array(made.utf8) == Array(expected.utf8))
          #expect(made.count == count)
        }
      }
    }
  }

  @Test func fallsBackWhenTheLayoutIsUnknown() {
    let bytes = Array("launches".utf8)
    let made = bytes.withUnsafeBufferPointer {
      ASCIIText.makeString($0, start: 1, count: 5, smallLayout: false)
    }
    #expect(made == "aunch")
  }

  @Test func parsedNamesBehaveAsOrdinaryStrings() throws {
    let document = try parse("{ missionPatch(size: SMALL) aVeryLongFieldNameOverFifteenBytes }")
    guard case .operation(let operation) = document.definitions.first else {
      Issue.record("expected an operation")
      return
    }
    let names = operation.selectionSet.selections.compactMap { selection -> String? in
      if case .field(let field) = selection { field.name.value } else { nil }
    }
    #expect(names == ["missionPatch", "aVeryLongFieldNameOverFifteenBytes"])
    #expect(Set(names).contains("missionPatch"))
    #expect(names[0] + "!" == "missionPatch!")
  }
}
