import GraphQLWire

/// One selection of a generated selection set, as metadata: what a normalized cache needs to
/// split a response into records and to put it back together without re-parsing the document
/// (apollo-ios's `Selection`).
///
/// Generated `SelectionSetData` types list theirs in `__selections`: every field the response
/// carries (fields of fragments that always apply are folded in, and `__typename` is there for
/// every object), and one `typeCase` per narrower type the document asks about.
public indirect enum Selection: Hashable, Sendable {
  /// A field of the parent type.
  case field(Field)
  /// Selections that apply only when the object's `__typename` is one of `possibleTypes`;
  /// they repeat the parent's fields.
  case typeCase(possibleTypes: [String], selections: [Selection])

  /// A field selection: its name and alias, arguments, schema type and child selections.
  public struct Field: Hashable, Sendable {
    /// The schema field's name (`missionPatch`).
    public var name: String
    /// The alias the document gave it, or nil.
    public var alias: String?
    /// The arguments written in the document, in document order.
    public var arguments: [Argument]
    /// The field's type in the schema (`[Launch]!`).
    public var type: GraphQLTypeReference
    /// The selections of a composite field (empty for a scalar or enum).
    public var selections: [Selection]
    /// True when `@skip` or `@include` may leave the field out of the response.
    public var isConditional: Bool

    public init(
      _ name: String, alias: String? = nil, arguments: [Argument] = [], type: GraphQLTypeReference,
      selections: [Selection] = [], isConditional: Bool = false
    ) {
      self.name = name
      self.alias = alias
      self.arguments = arguments
      self.type = type
      self.selections = selections
      self.isConditional = isConditional
    }

    /// The key the field has in a response: its alias, else its name.
    public var responseKey: String { alias ?? name }
  }

  /// An argument of a field selection, `size: LARGE` or `id: $id`.
  public struct Argument: Hashable, Sendable {
    /// The argument's name.
    public var name: String
    /// Its value, which may refer to the operation's variables.
    public var value: InputValue

    /// An argument `name: value`.
    public init(_ name: String, _ value: InputValue) {
      self.name = name
      self.value = value
    }
  }

  /// A shorthand for `.field(Field(...))` in generated code.
  public static func field(
    _ name: String, alias: String? = nil, arguments: [Argument] = [], type: GraphQLTypeReference,
    selections: [Selection] = [], isConditional: Bool = false
  ) -> Selection {
    .field(
      Field(
        name, alias: alias, arguments: arguments, type: type, selections: selections,
        isConditional: isConditional))
  }
}

/// An argument value as the document wrote it: a literal, or a variable filled in per request.
public indirect enum InputValue: Hashable, Sendable {
  /// A constant (an enum value is its name as a string).
  case literal(JSON)
  /// `$name`.
  case variable(String)
  /// A list that contains variables.
  case list([InputValue])
  /// An input object that contains variables, fields in document order.
  case object([Selection.Argument])

  /// The value with variables replaced from `variables`; a variable not given is absent (nil).
  public func resolved(with variables: JSONObject) -> JSON? {
    switch self {
    case .literal(let json):
      return json
    case .variable(let name):
      return variables[name]
    case .list(let items):
      return .array(items.map { $0.resolved(with: variables) ?? .null })
    case .object(let fields):
      var object = JSONObject()
      for field in fields {
        if let value = field.value.resolved(with: variables) { object[field.name] = value }
      }
      return .object(object)
    }
  }
}
