import GraphQLAPI
import Testing

/// `Selection.merging(_:deferred:)`: a deferred fragment's selections merged into the object's
/// by response key, the fragment's fields conditional at every depth.
@Suite struct SelectionMergingTests {
  @Test func aSharedObjectFieldMergesItsChildrenAndNewFieldsAreConditional() {
    let own: [Selection] = [
      .field("id", type: .nonNull(.named("ID"))),
      .field("mission", type: .named("Mission"), selections: [.field("name", type: .named("String"))]),
    ]
    let deferred: [Selection] = [
      .field("id", type: .nonNull(.named("ID"))),
      .field("mission", type: .named("Mission"), selections: [.field("patch", type: .named("String"))]),
      .field("isBooked", type: .nonNull(.named("Boolean"))),
    ]
    #expect(
      Selection.merging(own, deferred: [deferred]) == [
        .field("id", type: .nonNull(.named("ID"))),
        .field(
          "mission", type: .named("Mission"),
          selections: [
            .field("name", type: .named("String")),
            .field("patch", type: .named("String"), isConditional: true),
          ]),
        .field("isBooked", type: .nonNull(.named("Boolean")), isConditional: true),
      ])
  }
}
