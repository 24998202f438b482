/// How the static cost of an operation is counted for one schema (see `CostCalculator`).
///
/// Every field costs `fieldCost` (introspection fields `introspectionFieldCost`); a field that
/// returns a list multiplies the cost of its selection by the most items the list can hold: a
/// bound configured for that field (`listBounds`, from an argument of the field or of its parent
/// field), for introspection lists the schema's own sizes, and `defaultListBound` otherwise.
///
/// A value type, `Sendable`.
public struct CostModel: Sendable {
  /// Where a list field's length bound comes from.
  public enum ListBound: Sendable, Hashable {
    /// An argument of the list field itself: an `Int` argument's value, or a list argument's
    /// length; `defaultValue` when absent or null; never more than `max`.
    case argument(String, defaultValue: Int, max: Int)
    /// The same, read from the field whose selection holds the list field (as
    /// `LaunchConnection.launches` is bounded by `Query.launches(pageSize:)`).
    case parentArgument(String, defaultValue: Int, max: Int)
    /// A fixed length.
    case fixed(Int)
  }

  /// Bounds by schema coordinate, such as `"LaunchConnection.launches"`.
  public var listBounds: [String: ListBound]
  /// The bound of a list field with no entry in `listBounds` (default 100).
  public var defaultListBound: Int
  /// The cost of one field (default 1).
  public var fieldCost: Int
  /// The cost of one field of an introspection type or a meta field such as `__schema` (default
  /// 2): their resolvers build their values from the schema on every call.
  public var introspectionFieldCost: Int

  public init(
    listBounds: [String: ListBound] = [:], defaultListBound: Int = 100, fieldCost: Int = 1,
    introspectionFieldCost: Int = 2
  ) {
    self.listBounds = listBounds
    self.defaultListBound = defaultListBound
    self.fieldCost = fieldCost
    self.introspectionFieldCost = introspectionFieldCost
  }

  /// How long each introspection list of `schema` is, by schema coordinate: `__Schema.types` is
  /// the number of types; the lists of a type or field (`__Type.fields`, `__Field.args`, ...) count
  /// as long as they are on average, rounded up, since the standard introspection query asks for
  /// them on every type at once and the longest one times the number of types would overstate it
  /// several times over (a `__type(name:)` query on the longest type may so cost a little more
  /// than counted).
  static func introspectionBounds(of schema: GraphQLSchema) -> [String: Int] {
    var fields = Average()
    var arguments = Average()
    var interfaces = Average()
    var possibleTypes = Average()
    var enumValues = Average()
    var inputFields = Average()
    for type in schema.typeMap.values {
      switch type {
      case .object(let object):
        fields.add(object.fields.count)
        interfaces.add(object.interfaces.count)
        for field in object.fields.ordered { arguments.add(field.arguments.count) }
      case .interface(let interface):
        fields.add(interface.fields.count)
        interfaces.add(interface.interfaces.count)
        possibleTypes.add(schema.possibleTypes(of: interface.name).count)
        for field in interface.fields.ordered { arguments.add(field.arguments.count) }
      case .union(let union): possibleTypes.add(union.types.count)
      case .enumeration(let enumeration): enumValues.add(enumeration.values.count)
      case .inputObject(let input): inputFields.add(input.fields.count)
      case .scalar: break
      }
    }
    var directiveArguments = Average()
    for directive in schema.directives { directiveArguments.add(directive.arguments.count) }
    return [
      "__Schema.types": schema.typeMap.count, "__Schema.directives": schema.directives.count,
      "__Type.fields": fields.bound, "__Type.interfaces": interfaces.bound,
      "__Type.possibleTypes": possibleTypes.bound, "__Type.enumValues": enumValues.bound,
      "__Type.inputFields": inputFields.bound, "__Field.args": arguments.bound,
      "__Directive.args": directiveArguments.bound,
    ]
  }

  /// A running average of list lengths, as a bound: rounded up, at least 1.
  private struct Average {
    var total = 0
    var count = 0

    mutating func add(_ length: Int) {
      total += length
      count += 1
    }

    var bound: Int { count == 0 ? 1 : max(1, (total + count - 1) / count) }
  }
}
