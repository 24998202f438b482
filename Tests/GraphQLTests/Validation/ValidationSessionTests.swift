import GraphQL
import GraphQLWire
import Testing

/// Validations reuse their context and rule visitors: nothing one validation saw may show in the
/// next (names already seen, fragments, an abort at the error limit, the errors themselves).
@Suite struct ValidationSessionTests {
  static let valid = """
    query Pets($id: ID!) { dog { ...F name } pet(id: $id) { name } }
    fragment F on Dog { age }
    """
  static let invalid = """
    query Pets { dog { ...G nope } }
    fragment G on Dog { age }
    fragment G on Dog { name }
    """

  @Test func aValidDocumentStaysValidEveryTime() throws {
    let schema = try #require(ValidationTestSchema.schema)
    let document = try parse(Self.valid)
    for _ in 0..<20 {
      #expect(validate(schema: schema, document: document).map(\.message) == [])
    }
  }

  @Test func errorsOfOneValidationDoNotReachTheNext() throws {
    let schema = try #require(ValidationTestSchema.schema)
    let valid = try parse(Self.valid)
    let invalid = try parse(Self.invalid)
    let expected = validate(schema: schema, document: invalid).map(\.message)
    #expect(expected.contains("There can be only one fragment named \"G\"."))
    for _ in 0..<10 {
      #expect(validate(schema: schema, document: invalid).map(\.message) == expected)
      #expect(validate(schema: schema, document: valid).map(\.message) == [])
      // An aborted validation (error limit 1) leaves nothing half-walked behind.
      #expect(validate(schema: schema, document: invalid, maxErrors: 1).count == 2)
      #expect(validate(schema: schema, document: valid).map(\.message) == [])
    }
  }

  @Test func concurrentValidationsEachGetTheirOwnAnswer() async throws {
    let schema = try #require(ValidationTestSchema.schema)
    let valid = try parse(Self.valid)
    let invalid = try parse(Self.invalid)
    let expected = validate(schema: schema, document: invalid).map(\.message)
    let mismatches = await withTaskGroup(of: Bool.self) { group in
      for task in 0..<8 {
        group.addTask {
          var ok = true
          for _ in 0..<50 {
            let document = task % 2 == 0 ? valid : invalid
            let errors = validate(schema: schema, document: document).map(\.message)
            ok = ok && errors == (task % 2 == 0 ? [] : expected)
          }
          return ok
        }
      }
      return await group.reduce(0) { $0 + ($1 ? 0 : 1) }
    }
    #expect(mismatches == 0)
  }
}
