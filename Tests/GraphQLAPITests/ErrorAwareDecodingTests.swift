import GraphQLAPI
import GraphQLWire
import Testing

/// The runtime of error-aware generated code: errors matched by path, and what each `@catch`
/// makes of a failed field, a null without an error, and a response of the wrong shape.
@Suite struct ErrorAwareDecodingTests {
  static let failed = GraphQLError("rocket lookup failed", path: [.key("launch"), .key("rocket")])
  static let errors = ResponseErrors([failed])
  static let rocketPath: [PathComponent] = [.key("launch"), .key("rocket")]

  @Test func errorsMatchTheirFieldAndTheFieldsAboveIt() {
    #expect(Self.errors.at(Self.rocketPath) == [Self.failed])
    #expect(Self.errors.at([.key("launch")]) == [Self.failed])
    #expect(Self.errors.at([.key("launch"), .key("site")]).isEmpty)
    #expect(Self.errors.at([.key("launches")]).isEmpty)
  }

  @Test func aNonNullFieldThatFailedThrowsItsErrors() {
    #expect(throws: ResponseDecodingError(fieldErrors: [Self.failed], path: Self.rocketPath)) {
      try ResponseDecoding.nonNull(.null, Self.rocketPath, Self.errors) { json, _ in json }
    }
    let error = ResponseDecodingError(fieldErrors: [Self.failed], path: Self.rocketPath)
    #expect(
      error.description == "unexpected response at launch.rocket: the field failed: rocket lookup failed")
  }

  @Test func resultHoldsTheErrorsOrAnUnexpectedNull() throws {
    let result = try ResponseDecoding.catchingToResult {
      try ResponseDecoding.nonNull(.null, Self.rocketPath, Self.errors) { json, _ in json }
    }
    #expect(result == .failure([Self.failed]))
    #expect(throws: ResponseDecodingError.self) { try result.get() }
    let unexplained = try ResponseDecoding.catchingToResult {
      try ResponseDecoding.nonNull(.null, [.key("site")], .none) { json, _ in json }
    }
    #expect(unexplained.errors.map(\.message) == ["expected a value, found null"])
    #expect(unexplained.errors.first?.path == [.key("site")])
  }

  @Test func nullReadsAFailureAsNilButNotAWrongShape() throws {
    let caught = try ResponseDecoding.catchingToNull {
      try ResponseDecoding.nonNull(.null, Self.rocketPath, Self.errors) { json, _ in json }
    }
    #expect(caught == nil)
    #expect(throws: ResponseDecodingError.self) {
      try ResponseDecoding.catchingToNull {
        try ResponseDecoding.scalar(.string("x"), [.key("n")], as: Int.self)
      }
    }
  }

  @Test func aNullableFieldCaughtToThrowThrowsOnlyWithAnError() throws {
    #expect(throws: ResponseDecodingError.self) {
      try ResponseDecoding.nullableThrowing(.null, Self.rocketPath, Self.errors) { json, _ in json }
    }
    let plain = try ResponseDecoding.nullableThrowing(.null, [.key("note")], Self.errors) { json, _ in json }
    #expect(plain == nil)
  }
}
