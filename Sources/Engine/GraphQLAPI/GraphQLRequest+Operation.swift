import GraphQLWire

extension GraphQLRequest {
  /// The request for a generated operation: its compact document, name and variables (none
  /// when it has no variables to send).
  public init<Operation: GraphQLOperation>(_ operation: Operation) {
    let variables = operation.variables
    self.init(
      query: Operation.document, operationName: Operation.operationName,
      variables: variables.isEmpty ? nil : variables)
  }
}
