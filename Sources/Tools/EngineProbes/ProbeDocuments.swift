/// The attacker's probe documents: a few kilobytes of valid-looking GraphQL each, against
/// the launch API's schema, that once cost seconds of validation or megabytes of answer. Tests
/// assert their CPU cost and `make bench` times their validation against graphql-js's.
public enum ProbeDocuments {
  /// One probe: a short name and the document text.
  public struct Probe: Sendable {
    /// A name for tables and test output, such as `repeated-launch-1450`.
    public let name: String
    /// The document.
    public let text: String
    /// Whether graphql-js and our engine accept it (false: OverlappingFieldsCanBeMerged rejects it).
    public let isValid: Bool
  }

  /// The probes whose cost is in validation (OverlappingFieldsCanBeMerged).
  public static let validation: [Probe] = [
    repeatedLaunch(1450), alternatingAliases(1000), alternatingAliases(2400), conflictingFragments(700),
    identicalFragments(600), nestedRepeats(30, 30), distinctSubselections(1000),
  ]

  /// The probes whose cost is in execution (answer size).
  public static let execution: [Probe] = [wideLaunches(700), aliasedSchema(1600)]

  /// `launch(id: 1) { id }` repeated: one response key, `count` identical fields (1450: 29 KB).
  public static func repeatedLaunch(_ count: Int) -> Probe {
    Probe(
      name: "repeated-launch-\(count)",
      text: "{" + String(repeating: "launch(id: 1) { id }", count: count) + "}", isValid: true)
  }

  /// `a:` alternating `__typename` and `totalTripsBooked`: every other pair conflicts.
  public static func alternatingAliases(_ count: Int) -> Probe {
    let fields = (0..<count).map { $0.isMultiple(of: 2) ? "a: __typename" : "a: totalTripsBooked" }
    return Probe(
      name: "alternating-aliases-\(count)", text: "{ " + fields.joined(separator: " ") + " }", isValid: false)
  }

  /// `count` fragments spread together, alternating `a: __typename` and `a: totalTripsBooked`.
  public static func conflictingFragments(_ count: Int) -> Probe {
    var text = "{ " + (0..<count).map { "...F\($0)" }.joined(separator: " ") + " }\n"
    for index in 0..<count {
      let field = index.isMultiple(of: 2) ? "a: __typename" : "a: totalTripsBooked"
      text += "fragment F\(index) on Query { \(field) }\n"
    }
    return Probe(name: "conflicting-fragments-\(count)", text: text, isValid: false)
  }

  /// `count` fragments with the same selection spread together: no conflict, every pair compared.
  public static func identicalFragments(_ count: Int) -> Probe {
    var text = "{ " + (0..<count).map { "...F\($0)" }.joined(separator: " ") + " }\n"
    for index in 0..<count {
      text += "fragment F\(index) on Query { launch(id: 1) { id site } }\n"
    }
    return Probe(name: "identical-fragments-\(count)", text: text, isValid: true)
  }

  /// `outer` copies of `launches { launches { ... } }`, each holding `inner` copies of the same
  /// leaf fields: repeats at two levels, so subselections are compared too.
  public static func nestedRepeats(_ outer: Int, _ inner: Int) -> Probe {
    let leaves = String(repeating: "id site mission { name } ", count: inner)
    let field = "launches(pageSize: 5) { launches { \(leaves)} } "
    return Probe(
      name: "nested-repeats-\(outer)x\(inner)", text: "{ " + String(repeating: field, count: outer) + "}",
      isValid: true)
  }

  /// `launch(id: 1) { aN: id }`: one response key, every field different but mergeable, so every
  /// pair must be compared (the shape grouping copies cannot help).
  public static func distinctSubselections(_ count: Int) -> Probe {
    let fields = (0..<count).map { "launch(id: 1) { a\($0): id }" }
    return Probe(
      name: "distinct-subselections-\(count)", text: "{ " + fields.joined(separator: " ") + " }",
      isValid: true)
  }

  /// `count` aliases of a full page of launches: a 38 KB document, a multi-megabyte answer.
  public static func wideLaunches(_ count: Int) -> Probe {
    let fields = (0..<count).map { "l\($0): launches(pageSize: 100) { launches { id site } }" }
    return Probe(
      name: "wide-launches-\(count)", text: "{ " + fields.joined(separator: " ") + " }", isValid: true)
  }

  /// `count` aliases of `__schema` (1600: 40 KB, within the 15 000-token limit).
  public static func aliasedSchema(_ count: Int) -> Probe {
    let fields = (0..<count).map { "s\($0):__schema{types{name}}" }
    return Probe(
      name: "aliased-schema-\(count)", text: "{" + fields.joined(separator: " ") + "}", isValid: true)
  }
}
