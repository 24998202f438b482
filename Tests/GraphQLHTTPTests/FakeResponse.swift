import GraphQL
import GraphQLWire

extension GraphQLResponse {
  /// A fake service's answer: `json` as the body, ending as `outcome`.
  static func fake(
    _ json: JSON, _ outcome: Outcome, operationType: OperationType? = nil, operationName: String? = nil
  ) -> GraphQLResponse {
    GraphQLResponse(
      outcome: outcome, operationType: operationType, operationName: operationName, errors: [],
      body: json.encoded())
  }
}
