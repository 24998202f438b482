/// Values of Correct Type
///
/// "Literal values must be compatible with the type expected in the position they are found as
/// per the coercion rules defined in the Type System chapter."
///
/// https://spec.graphql.org/October2021/#sec-Values-of-Correct-Type, and for OneOf Input Objects
/// https://spec.graphql.org/September2025/#sec-OneOf-Input-Objects-Have-Exactly-One-Field
final class ValuesOfCorrectTypeRule: ValidationVisitor {
  private let context: ValidationContext
  /// Nonzero inside a list or object already reported as a whole (graphql-js stops descending).
  private var skipDepth = 0
  /// The current operation's variable definitions, for the OneOf check of a variable's type.
  private var variableDefinitions: [String: VariableDefinition] = [:]

  init(context: ValidationContext) { self.context = context }

  func enterOperation(_ node: OperationDefinition) { variableDefinitions = [:] }

  func enterVariableDefinition(_ node: VariableDefinition) {
    variableDefinitions[node.variable.name.value] = node
  }

  func enterValue(_ node: Value) {
    if skipDepth > 0 {
      skipDepth += 1
      return
    }
    switch node {
    case .list:
      // The walk already expects the item type; the list itself is checked against its parent.
      if case .list? = context.typeInfo.parentInputType?.nullable { return }
      checkLeaf(node)
      skipDepth = 1
    case .object(let fields, _):
      guard let expected = context.typeInfo.inputType,
        case .inputObject(let object)? = context.schema.namedType(of: expected)
      else {
        checkLeaf(node)
        skipDepth = 1
        return
      }
      for field in object.fields where field.type.isNonNull && field.defaultValue == nil {
        guard !fields.contains(where: { $0.name.value == field.name }) else { continue }
        context.report(
          "Field \"\(object.name).\(field.name)\" of required type \"\(field.type)\" was not provided.",
          nodes: [node.range])
      }
      if object.isOneOf { checkOneOf(node, fields, object) }
    case .null:
      if let expected = context.typeInfo.inputType, expected.isNonNull {
        context.report("Expected value of type \"\(expected)\", found null.", nodes: [node.range])
      }
    case .variable:
      break
    case .int, .float, .string, .boolean, .enumValue:
      checkLeaf(node)
    }
  }

  func leaveValue(_ node: Value) {
    if skipDepth > 0 { skipDepth -= 1 }
  }

  func enterObjectField(_ node: ObjectField) {
    guard skipDepth == 0, context.typeInfo.inputType == nil,
      let parent = context.typeInfo.parentInputType,
      case .inputObject(let object)? = context.schema.namedType(of: parent)
    else { return }
    let suggestions = SuggestionList.list(for: node.name.value, options: object.fields.map(\.name))
    context.report(
      "Field \"\(node.name.value)\" is not defined by type \"\(object.name)\"."
        + SuggestionList.didYouMean(suggestions), nodes: [node.range])
  }

  /// OneOf Input Objects Have Exactly One Field (spec September 2025 5.6.3; graphql-js 16.9
  /// `validateOneOfInputObject`): one key, not the null literal, and not a nullable variable.
  /// Repeated keys count once, the last one's value deciding (UniqueInputFieldNames reports them).
  private func checkOneOf(_ node: Value, _ fields: [ObjectField], _ object: GraphQLInputObjectType) {
    var names: [String] = []
    for field in fields where !names.contains(field.name.value) { names.append(field.name.value) }
    guard names.count == 1, let field = fields.last else {
      context.report(
        "OneOf Input Object \"\(object.name)\" must specify exactly one key.", nodes: [node.range])
      return
    }
    switch field.value {
    case .null:
      context.report("Field \"\(object.name).\(field.name.value)\" must be non-null.", nodes: [node.range])
    case .variable(let variable):
      // graphql-js 16.11 reads the definition unchecked and crashes on an undefined variable
      // (graphql-js#4443); NoUndefinedVariables reports that one, so it is skipped here.
      guard let definition = variableDefinitions[variable.name.value] else { return }
      if case .nonNull = definition.type { return }
      context.report(
        "Variable \"\(variable.name.value)\" must be non-nullable to be used for OneOf Input Object \"\(object.name)\".",
        nodes: [node.range])
    default:
      break
    }
  }

  /// graphql-js `isValidValueNode`: a literal must be accepted by the expected leaf type.
  private func checkLeaf(_ node: Value) {
    guard let expected = context.typeInfo.inputType else { return }
    switch context.schema.namedType(of: expected) {
    case .enumeration(let type)?:
      checkEnum(node, type)
    case .scalar(let type)?:
      do {
        _ = try type.parseLiteral(node)
      } catch let error as GraphQLError {
        var located = error
        if located.locations.isEmpty, let range = node.range, let source = context.document.source {
          located.locations = [source.location(ofOffset: range.start)]
        }
        context.report(located)
      } catch {
        context.report(
          "Expected value of type \"\(expected)\", found \(ValueText.print(node)); \(error)",
          nodes: [node.range])
      }
    default:
      context.report(
        "Expected value of type \"\(expected)\", found \(ValueText.print(node)).", nodes: [node.range])
    }
  }

  /// graphql-js `GraphQLEnumType.parseLiteral`'s messages.
  private func checkEnum(_ node: Value, _ type: GraphQLEnumType) {
    let text = ValueText.print(node)
    let message: String
    if case .enumValue(let name, _) = node {
      guard !type.hasValue(name) else { return }
      message = "Value \"\(text)\" does not exist in \"\(type.name)\" enum."
    } else {
      message = "Enum \"\(type.name)\" cannot represent non-enum value: \(text)."
    }
    let suggestions = SuggestionList.list(for: text, options: type.values.map(\.name))
    context.report(
      message + SuggestionList.didYouMean(suggestions, subject: "the enum value"), nodes: [node.range])
  }
}

extension ValidationRule {
  /// Literal values fit the type expected where they appear.
  public static let valuesOfCorrectType = ValidationRule(name: "ValuesOfCorrectTypeRule") {
    ValuesOfCorrectTypeRule(context: $0)
  }
}
