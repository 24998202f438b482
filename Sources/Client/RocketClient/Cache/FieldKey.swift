import GraphQLAPI
import GraphQLWire

/// The keys the normalized cache gives to records and fields: a field's key is its name and its
/// arguments (variables filled in) as sorted JSON, `missionPatch({"size":"LARGE"})`; aliases do
/// not matter.
package enum CacheKeys {
  /// The record of the query type's fields.
  package static let queryRoot = "QUERY_ROOT"
  /// The record of a mutation's result, never stored (only what it reaches is).
  package static let mutationRoot = "MUTATION_ROOT"
  /// The arguments of a paginated field that choose the page, not the list: left out of its key.
  package static let pageArguments: Set<String> = ["after", "pageSize", "first"]

  /// The key of `field` for a request with `variables`, leaving out `dropping`.
  package static func field(
    _ field: Selection.Field, variables: JSONObject, dropping: Set<String> = []
  ) -> String {
    var arguments: [(String, JSON)] = []
    for argument in field.arguments where !dropping.contains(argument.name) {
      if let value = argument.value.resolved(with: variables) { arguments.append((argument.name, value)) }
    }
    guard !arguments.isEmpty else { return field.name }
    var object = JSONObject()
    for (name, value) in arguments.sorted(by: { $0.0 < $1.0 }) { object.appendUnchecked(name, sorted(value)) }
    return field.name + "(" + JSON.object(object).encodedString + ")"
  }

  /// `Typename:id` for an object of a keyed type that has an id, else nil.
  package static func record(typename: String?, id: JSON?, keyedTypes: Set<String>) -> String? {
    guard let typename, keyedTypes.contains(typename) else { return nil }
    switch id {
    case .string(let text)?: return typename + ":" + text
    case .int(let number)?: return typename + ":" + String(number)
    default: return nil
    }
  }

  /// Whether `field` is paginated by cursor: it takes an `after` argument and its selections
  /// ask for a `cursor`. Its pages are kept together, chained by cursor (see `ResponseNormalizer`).
  package static func isPaginated(_ field: Selection.Field) -> Bool {
    field.arguments.contains { $0.name == "after" }
      && field.selections.contains {
        if case .field(let child) = $0 { child.name == "cursor" } else { false }
      }
  }

  /// The field key of the page that starts after `cursor` (nil: the first page).
  package static func page(after cursor: String?) -> String {
    "page(" + (cursor.map { JSON.string($0).encodedString } ?? "null") + ")"
  }

  /// The cursor a page's field key says it follows (`page("c3")` follows `c3`); nil for the
  /// first page or a key that is no page.
  package static func cursor(followedBy pageKey: String) -> String? {
    guard pageKey.hasPrefix("page("), pageKey.hasSuffix(")") else { return nil }
    return (try? JSON(parsing: String(pageKey.dropFirst(5).dropLast())))?.stringValue
  }

  /// The `after` argument of a paginated field's request, nil for the first page.
  package static func after(_ field: Selection.Field, variables: JSONObject) -> String? {
    field.arguments.first { $0.name == "after" }?.value.resolved(with: variables)?.stringValue
  }

  private static func sorted(_ json: JSON) -> JSON {
    switch json {
    case .object(let object):
      var result = JSONObject()
      for (key, value) in object.sorted(by: { $0.0 < $1.0 }) { result.appendUnchecked(key, sorted(value)) }
      return .object(result)
    case .array(let items):
      return .array(items.map(sorted))
    default:
      return json
    }
  }
}
