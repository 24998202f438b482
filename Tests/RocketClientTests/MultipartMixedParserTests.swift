import GraphQL
import GraphQLWire
import Testing

@testable import RocketClient

/// The multipart reader of HTTP subscriptions, fed the way a network delivers: in every split.
@Suite struct MultipartMixedParserTests {
  static let stream = Array(
    ("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{}"
      + "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":{\"data\":{\"tripsBooked\":2}}}"
      + "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":{\"data\":{\"tripsBooked\":-1}}}"
      + "\r\n--graphql--\r\n").utf8)

  static let parts = [
    "{}", #"{"payload":{"data":{"tripsBooked":2}}}"#, #"{"payload":{"data":{"tripsBooked":-1}}}"#,
  ]

  @Test func partsComeOutWhateverTheChunkBoundaries() throws {
    for split in 0...Self.stream.count {
      var parser = MultipartMixedParser(boundary: "graphql")
      var bodies = try parser.feed(Array(Self.stream[..<split]))
      bodies += try parser.feed(Array(Self.stream[split...]))
      #expect(bodies.map { String(decoding: $0, as: UTF8.self) } == Self.parts, "split at \(split)")
      #expect(parser.isEnded)
    }
    var parser = MultipartMixedParser(boundary: "graphql")
    var bodies: [[UInt8]] = []
    for byte in Self.stream { bodies += try parser.feed([byte]) }
    #expect(bodies.map { String(decoding: $0, as: UTF8.self) } == Self.parts)
  }

  @Test func aCompletePartIsHandedOverBeforeTheNextDelimiterArrives() throws {
    var parser = MultipartMixedParser(boundary: "graphql")
    let first = try parser.feed(
      Array("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":".utf8))
    #expect(first.isEmpty)
    let second = try parser.feed(Array("{\"data\":{\"tripsBooked\":1}}}".utf8))
    #expect(
      second.map { String(decoding: $0, as: UTF8.self) } == [#"{"payload":{"data":{"tripsBooked":1}}}"#])
    // The delimiter that finally ends the part does not deliver it twice.
    #expect(
      try parser.feed(Array("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{}".utf8)).count == 1)
    #expect(!parser.isEnded)
  }

  @Test func aDelimiterInsideAStringIsNotOne() throws {
    var parser = MultipartMixedParser(boundary: "graphql")
    let text = "--graphql\r\n\r\n{\"payload\":{\"data\":{\"name\":\"x--graphql\"}}}\r\n--graphql--\r\n"
    let bodies = try parser.feed(Array(text.utf8))
    #expect(
      bodies.map { String(decoding: $0, as: UTF8.self) } == [#"{"payload":{"data":{"name":"x--graphql"}}}"#])
    #expect(parser.isEnded)
  }

  @Test func aPartPastTheBoundIsRefused() {
    var parser = MultipartMixedParser(boundary: "graphql", maxPartSize: 64)
    #expect(throws: MultipartMixedParser.Failure.partTooLarge(limit: 64)) {
      _ = try parser.feed(Array(("--graphql\r\n\r\n[" + String(repeating: "1,", count: 64)).utf8))
    }
  }

  @Test(
    arguments: [
      (#"multipart/mixed;boundary="graphql";subscriptionSpec=1.0"#, "graphql"),
      ("multipart/mixed; boundary=abc", "abc"),
      ("multipart/mixed;subscriptionSpec=1.0", "-"),
      ("application/json", nil),
    ] as [(String, String?)])
  func theBoundaryComesFromTheContentType(contentType: String, boundary: String?) {
    #expect(MultipartMixedParser.boundary(ofContentType: contentType) == boundary)
  }
}
