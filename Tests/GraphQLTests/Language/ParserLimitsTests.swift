import GraphQLWire
import Testing

@testable import GraphQL

/// Hostile input must be rejected quickly with a syntax error, never by a stack overflow.
@Suite struct ParserLimitsTests {
  private func nestedSelections(_ depth: Int) -> String {
    String(repeating: "{ a ", count: depth) + String(repeating: "}", count: depth)
  }

  private func expectDepthError(_ text: String, maxDepth: Int = 256) {
    #expect {
      try parse(text, options: ParseOptions(maxDepth: maxDepth))
    } throws: { error in
      (error as? GraphQLError)?.message
        == "Syntax Error: Document nesting exceeds the maximum depth of \(maxDepth). Parsing aborted."
    }
  }

  @Test func nestingUpToTheLimitParsesAndOneMoreLevelFails() throws {
    let document = try parse(nestedSelections(256))
    #expect(print(try parse(print(document))) == print(document))
    expectDepthError(nestedSelections(257))
    #expect(throws: GraphQLError.self) {
      try parse(nestedSelections(11), options: ParseOptions(maxDepth: 10))
    }
  }

  @Test func tenThousandLevelsOfEveryNestingKindFailFast() {
    let depth = 10_000
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      expectDepthError(nestedSelections(depth))
      expectDepthError(
        "{ a(x: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + ") }")
      expectDepthError(
        "{ a(x: " + String(repeating: "{b: ", count: depth) + "1" + String(repeating: "}", count: depth)
          + ") }")
      expectDepthError(
        "query ($v: " + String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth)
          + ") { a }")
      expectDepthError(
        "type T { f: " + String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth)
          + " }")
    }
    // A stall guard, far above the milliseconds this takes: catches quadratic behaviour, not speed.
    #expect(elapsed < .seconds(20))
  }

  @Test func aMillionAndOneTokensHitMaxTokens() {
    // `{ a(x: [` + 999,992 empty lists' brackets + `]) }` is 1,000,001 tokens.
    let text = "{ a(x: [" + String(repeating: "[]", count: 499_996) + "]) }"
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      #expect(
        throws: GraphQLError(
          "Syntax Error: Document contains more than 1000000 tokens. Parsing aborted.",
          locations: [SourceLocation(line: 1, column: text.utf8.count)])
      ) { try parse(text, options: ParseOptions(maxTokens: 1_000_000)) }
    }
    // A stall guard, far above the expected time: catches quadratic behaviour, not speed.
    #expect(elapsed < .seconds(60))
  }

  @Test func maxTokensCountsLikeGraphQLJS() throws {
    // Three tokens: `{`, `a`, `}`; <EOF> does not count.
    _ = try parse("{ a }", options: ParseOptions(maxTokens: 3))
    #expect(
      throws: GraphQLError(
        "Syntax Error: Document contains more than 2 tokens. Parsing aborted.",
        locations: [SourceLocation(line: 1, column: 5)])
    ) { try parse("{ a }", options: ParseOptions(maxTokens: 2)) }
  }

  @Test func aTenMegabyteDocumentParsesInReasonableTime() throws {
    // Long names keep the token count (and the debug-build time) moderate: about 400,000 tokens.
    let field =
      "launch(id: \"\(String(repeating: "7", count: 40))\") { \(String(repeating: "s", count: 50)) }\n"
    let count = 10_000_000 / field.utf8.count
    let text = "{\n" + String(repeating: field, count: count) + "}"
    #expect(text.utf8.count >= 9_999_000)
    let clock = ContinuousClock()
    var selections = 0
    let elapsed = try clock.measure {
      let document = try parse(text, options: ParseOptions(noLocation: true))
      selections = document.operations.first?.selectionSet.selections.count ?? 0
    }
    #expect(selections == count)
    // A stall guard, far above the expected time: catches quadratic behaviour, not speed.
    #expect(elapsed < .seconds(120))
  }

  @Test func aTenMegabyteStringIsOneToken() throws {
    let text = "{ a(x: \"" + String(repeating: "x", count: 10_000_000) + "\") }"
    let document = try parse(text, options: ParseOptions(maxTokens: 10))
    guard case .field(let field) = document.operations.first?.selectionSet.selections.first,
      case .string(let value, _, _) = field.arguments.first?.value
    else {
      Issue.record("expected a field with a string argument")
      return
    }
    #expect(value.utf8.count == 10_000_000)
  }
}
