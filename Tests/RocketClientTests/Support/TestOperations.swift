import GraphQLAPI
import GraphQLWire

// Test-only operations with no counterpart in Operations/*.graphql; the real ones come from the
// generated RocketReserverAPI module.

/// An operation the schema rejects (no such field), to see request errors come back.
struct InvalidQuery: GraphQLQuery {
  static let operationName = "Invalid"
  static let document = "query Invalid{rockets{id}}"

  var variables: JSONObject { [:] }

  struct Data: SelectionSetData {
    init(object: JSONObject, path: [PathComponent]) throws {}
  }
}
