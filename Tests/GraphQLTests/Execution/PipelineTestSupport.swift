import GraphQL
import GraphQLWire

extension GraphQLRequestProcessor {
  /// The pipeline's one entry point (`process(_:context:admission:rootValue:)`) with the request's
  /// parts as arguments: the tests' shorthand.
  func run(
    query: String, operationName: String? = nil, variables: JSONObject? = nil, context: Context,
    rootValue: (any Sendable)? = nil, admission: OperationAdmission = .singleResponse
  ) -> GraphQLResponse {
    process(
      GraphQLRequest(query: query, operationName: operationName, variables: variables), context: context,
      admission: admission, rootValue: rootValue)
  }
}
