import GraphQLWire
import Testing

@testable import GraphQL

@Suite struct SourceRangeStorageTests {
  @Test func rangesRoundTripThroughTheirPackedForm() {
    let range = SourceRange(start: 7, end: 4_000_000_000)
    #expect(PackedSourceRange(range).range == range)
    #expect(PackedSourceRange(nil).range == nil)
    #expect(range.start == 7 && range.end == 4_000_000_000)
  }

  @Test func offsetsAreClampedBelowTheNoRangeMarker() {
    let range = SourceRange(start: -5, end: Int.max)
    #expect(range.start == 0)
    #expect(range.end == Int(UInt32.max) - 1)
    #expect(PackedSourceRange(range).range == range)
  }

  @Test func nodesKeepTheirRangeOrItsAbsence() {
    var name = Name("id", range: SourceRange(start: 1, end: 3))
    #expect(name.range == SourceRange(start: 1, end: 3))
    name.range = nil
    #expect(name.range == nil)
    name.range?.end = 9
    #expect(name.range == nil)
    name.range = SourceRange(start: 2, end: 4)
    name.range?.end = 9
    #expect(name.range == SourceRange(start: 2, end: 9))
  }

  @Test func refusesASourceLongerThanOffsetsCanAddress() {
    #expect(throws: GraphQLError.self) {
      _ = try Parser(source: Source("{ launches }"), options: ParseOptions(), maxSourceLength: 5)
    }
    do {
      _ = try Parser(source: Source("{ launches }"), options: ParseOptions(), maxSourceLength: 5)
    } catch {
      #expect(error.message == "Syntax Error: Document is larger than 5 bytes. Parsing aborted.")
    }
  }
}
