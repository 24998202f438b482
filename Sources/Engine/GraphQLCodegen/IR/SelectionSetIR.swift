import GraphQL
import GraphQLWire

/// A selection set as the generator sees it: for one parent type, the fields to decode
/// (merged by response key across fields, fragment spreads and inline fragments), the named
/// fragments that apply to every object it can be, and the narrower type cases.
struct SelectionSetIR: Sendable {
  /// The schema type the selections are made on.
  var parentType: String
  /// Fields in order of first appearance, one per response key.
  var fields: [FieldIR]
  /// Named fragments spread here that apply whatever the concrete type is.
  var fragments: [String]
  /// Inline fragments and spreads on narrower types, each re-collected under that type.
  var typeCases: [TypeCaseIR]
  /// Fragments marked `@defer` that apply to every object the set can be: their fields are
  /// not among `fields` (unless selected outside the fragment too) but in a property of their
  /// own, pending until they arrive.
  var deferredFragments: [DeferredFragmentIR] = []
}

/// A fragment marked `@defer`: `... @defer(label: "booking") { isBooked }` or
/// `...LaunchBooking @defer`.
struct DeferredFragmentIR: Sendable {
  /// The property's name (`booking`, `launchBooking`).
  var propertyName: String
  /// The Swift type of the fragment: the nested struct written for an inline fragment, or the
  /// named fragment's own type.
  var typeName: String
  /// The inline fragment's selections, collected on the parent type; nil for a named fragment,
  /// whose type is generated with the fragment.
  var selectionSet: SelectionSetIR?
}

/// One response key of a selection set.
struct FieldIR: Sendable {
  var responseKey: String
  var fieldName: String
  /// The arguments as the document wrote them (the same for every occurrence, by validation).
  var arguments: [Argument]
  var type: GraphQLTypeReference
  /// True when every occurrence is under `@skip`/`@include`, so the key may be missing.
  var isConditional: Bool
  var description: String?
  var deprecationReason: String?
  /// The child selection set, for fields of composite type.
  var selectionSet: SelectionSetIR?
  /// The field's `@catch(to:)`, from its first occurrence; nil when it has none.
  var catchTo: ErrorHandlingOptions.CatchTo? = nil
  /// The list depths the schema's `@semanticNonNull` names (0 the field itself); empty for none.
  var semanticNonNullLevels: Set<Int> = []
}

/// A selection set on a narrower type than its parent (`... on Rocket { ... }` inside an interface).
struct TypeCaseIR: Sendable {
  var typeName: String
  var selectionSet: SelectionSetIR
}

/// A variable of an operation.
struct VariableIR: Sendable {
  var name: String
  var type: GraphQLTypeReference
  var hasDefault: Bool
}

/// An operation ready to generate.
struct OperationIR: Sendable {
  var name: String
  var type: OperationType
  var variables: [VariableIR]
  var selectionSet: SelectionSetIR
  /// The compact document sent on the wire: the operation and the fragments it uses.
  var document: String
  var sourcePath: String
  /// The operation's `@catch(to:)`: the default of its fields; nil when it has none.
  var catchTo: ErrorHandlingOptions.CatchTo? = nil
}

/// A named fragment ready to generate.
struct FragmentIR: Sendable {
  var name: String
  var selectionSet: SelectionSetIR
}
