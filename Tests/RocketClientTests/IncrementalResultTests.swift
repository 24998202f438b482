import GraphQLWire
import Testing

@testable import RocketClient

/// The merger of incremental answers, over payload sequences graphql-core 3.3's
/// `experimental_execute_incrementally` sent (v0.2) and their deferSpec=20220824 translations
/// (as `Tests/Peers/incremental_server.py` makes them): each ends at the same merged result.
@Suite struct IncrementalResultTests {
  /// Merges `payloads` (JSON texts) and returns the result after each.
  static func merged(_ payloads: [String]) throws -> [IncrementalResult] {
    var result = IncrementalResult()
    var stages: [IncrementalResult] = []
    for text in payloads {
      try result.apply(try JSON(parsing: text))
      stages.append(result)
    }
    return stages
  }

  static func json(_ text: String) throws -> JSON { try JSON(parsing: text) }

  @Test func deferInBothFormats() throws {
    let v02 = try Self.merged([
      #"{"data":{"launch":{"id":"1"}},"pending":[{"id":"0","path":[]}],"hasNext":true}"#,
      #"{"hasNext":false,"incremental":[{"data":{"site":"Kwajalein Atoll","mission":{"name":"FalconSat"}},"id":"0","subPath":["launch"]}],"completed":[{"id":"0"}]}"#,
    ])
    let deferSpec = try Self.merged([
      #"{"data":{"launch":{"id":"1"}},"hasNext":true}"#,
      #"{"incremental":[{"data":{"site":"Kwajalein Atoll","mission":{"name":"FalconSat"}},"path":["launch"]}],"hasNext":false}"#,
    ])
    for stages in [v02, deferSpec] {
      #expect(stages[0].json == (try Self.json(#"{"data":{"launch":{"id":"1"}}}"#)))
      #expect(stages[0].hasNext)
      #expect(
        stages[1].json
          == (try Self.json(
            #"{"data":{"launch":{"id":"1","site":"Kwajalein Atoll","mission":{"name":"FalconSat"}}}}"#)))
      #expect(!stages[1].hasNext)
      #expect(stages[1].payloadCount == 2)
    }
    #expect(v02[0].pending == ["0": .init(path: [], label: nil)])
    #expect(v02[1].pending.isEmpty)
  }

  @Test func nestedDeferAnnouncedAndDeliveredInOnePayload() throws {
    let final = try #require(
      try Self.merged([
        #"{"data":{"greeting":"hello"},"pending":[{"id":"0","path":[],"label":"outer"}],"hasNext":true}"#,
        #"{"hasNext":false,"pending":[{"id":"1","path":["launch"],"label":"inner"}],"incremental":[{"data":{"launch":{"id":"1"}},"id":"0"},{"data":{"mission":{"name":"FalconSat"}},"id":"1"}],"completed":[{"id":"0"},{"id":"1"}]}"#,
      ]).last)
    let deferSpec = try #require(
      try Self.merged([
        #"{"data":{"greeting":"hello"},"hasNext":true}"#,
        #"{"incremental":[{"data":{"launch":{"id":"1"}},"path":[],"label":"outer"}],"hasNext":true}"#,
        #"{"incremental":[{"data":{"mission":{"name":"FalconSat"}},"path":["launch"],"label":"inner"}],"hasNext":false}"#,
      ]).last)
    let expected = try Self.json(
      #"{"data":{"greeting":"hello","launch":{"id":"1","mission":{"name":"FalconSat"}}}}"#)
    #expect(final.json == expected)
    #expect(deferSpec.json == expected)
  }

  @Test(arguments: [0, 1])
  func streamAppendsItemsInBothFormats(initialCount: Int) throws {
    let initial = initialCount == 0 ? "[]" : #"["a"]"#
    let rest = initialCount == 0 ? #"["a","b","c"]"# : #"["b","c"]"#
    let v02 = try Self.merged([
      #"{"data":{"names":\#(initial)},"pending":[{"id":"0","path":["names"]}],"hasNext":true}"#,
      #"{"hasNext":false,"incremental":[{"items":\#(rest),"id":"0"}],"completed":[{"id":"0"}]}"#,
    ])
    let deferSpec = try Self.merged([
      #"{"data":{"names":\#(initial)},"hasNext":true}"#,
      #"{"incremental":[{"items":\#(rest),"path":["names",\#(initialCount)]}],"hasNext":false}"#,
    ])
    for stages in [v02, deferSpec] {
      #expect(stages[0].json == (try Self.json(#"{"data":{"names":\#(initial)}}"#)))
      #expect(stages[1].json == (try Self.json(#"{"data":{"names":["a","b","c"]}}"#)))
    }
  }

  @Test func errorsAccumulateFromEntriesAndCompletedRecords() throws {
    let failure =
      #"{"message":"failing cannot be resolved","locations":[{"line":1,"column":25}],"path":["failing"]}"#
    let v02 = try #require(
      try Self.merged([
        #"{"data":{"greeting":"hello","launch":{}},"pending":[{"id":"0","path":["launch"]},{"id":"1","path":[]}],"hasNext":true}"#,
        #"{"hasNext":false,"incremental":[{"data":{"site":"Kwajalein Atoll"},"id":"0"}],"completed":[{"id":"0"},{"id":"1","errors":[\#(failure)]}]}"#,
      ]).last)
    let deferSpec = try #require(
      try Self.merged([
        #"{"data":{"greeting":"hello","launch":{}},"hasNext":true}"#,
        #"{"incremental":[{"data":{"site":"Kwajalein Atoll"},"path":["launch"]},{"data":null,"path":[],"errors":[\#(failure)]}],"hasNext":false}"#,
      ]).last)
    let expected = try Self.json(
      #"{"data":{"greeting":"hello","launch":{"site":"Kwajalein Atoll"}},"errors":[\#(failure)]}"#)
    #expect(v02.json == expected)
    #expect(deferSpec.json == expected)
    // Errors of the first payload and of an entry come first, in order.
    let mixed = try #require(
      try Self.merged([
        #"{"data":{"a":null},"errors":[{"message":"one"}],"pending":[{"id":"0","path":[]}],"hasNext":true}"#,
        #"{"incremental":[{"data":{"b":null},"id":"0","errors":[{"message":"two"}]}],"completed":[{"id":"0","errors":[{"message":"three"}]}],"hasNext":false}"#,
      ]).last)
    #expect(mixed.errors.compactMap { $0["message"]?.stringValue } == ["one", "two", "three"])
  }

  @Test func incrementalInTheFirstPayloadAndUnderANulledParentAreFollowed() throws {
    let early = try #require(
      try Self.merged([
        #"{"data":{"launch":{"id":"1"}},"incremental":[{"data":{"site":"S"},"path":["launch"]}],"hasNext":true}"#,
        #"{"hasNext":false}"#,
      ]).last)
    #expect(early.json == (try Self.json(#"{"data":{"launch":{"id":"1","site":"S"}}}"#)))
    #expect(!early.hasNext)
    // A deferred part under a field an error nulled has nowhere to go: dropped, not an error.
    let nulled = try #require(
      try Self.merged([
        #"{"data":{"launch":null},"errors":[{"message":"x"}],"hasNext":true}"#,
        #"{"incremental":[{"data":{"site":"S"},"path":["launch"]}],"hasNext":false}"#,
      ]).last)
    #expect(nulled.json == (try Self.json(#"{"data":{"launch":null},"errors":[{"message":"x"}]}"#)))
  }

  @Test func anOrdinaryAnswerIsOneFinalPayload() throws {
    let stages = try Self.merged([#"{"data":{"a":1},"extensions":{"cost":2}}"#])
    #expect(!stages[0].hasNext)
    #expect(stages[0].json == (try Self.json(#"{"data":{"a":1},"extensions":{"cost":2}}"#)))
  }

  @Test func malformedPayloadsAreRefusedWithAReason() throws {
    var result = IncrementalResult()
    #expect(throws: IncrementalResult.Failure(reason: "a payload that is not a JSON object")) {
      try result.apply(.array([]))
    }
    try result.apply(try Self.json(#"{"data":{"a":{}},"hasNext":true}"#))
    #expect(throws: IncrementalResult.Failure(reason: "an incremental entry names unknown id \"7\"")) {
      try result.apply(try Self.json(#"{"incremental":[{"id":"7","data":{}}],"hasNext":false}"#))
    }
    #expect(throws: IncrementalResult.Failure(reason: "a path through missing field \"b\"")) {
      try result.apply(try Self.json(#"{"incremental":[{"path":["b"],"data":{"c":1}}],"hasNext":false}"#))
    }
    #expect(throws: IncrementalResult.Failure(reason: "streamed items for a path that is not a list")) {
      try result.apply(try Self.json(#"{"incremental":[{"path":["a",0],"items":[1]}],"hasNext":false}"#))
    }
  }
}
