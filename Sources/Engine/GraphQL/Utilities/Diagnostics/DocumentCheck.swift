import GraphQLWire

/// The local checks of a document typed by a person before it is sent anywhere: parsing, then
/// validation against the schema of the endpoint it is meant for.
///
/// A document that fails is never sent: the user sees every problem with its line, column and a
/// caret (`SourceDiagnostic.excerpt(of:)`), rather than a server's error for the first one.
public enum DocumentCheck: Sendable {
  /// The document parsed and passed every specified rule.
  case valid(Document)
  /// The syntax error, or the validation errors in graphql-js's order.
  case invalid([SourceDiagnostic])

  /// Parses and validates `text` against `schema`.
  ///
  /// - Parameters:
  ///   - schema: the schema of the endpoint the document is for.
  ///   - path: what diagnostics call the text (`query` for a document typed at the prompt).
  public init(_ text: String, schema: GraphQLSchema, path: String = "query") {
    let document: Document
    do {
      document = try parse(Source(text, name: path))
    } catch {
      self = .invalid([SourceDiagnostic(error, path: path)])
      return
    }
    let errors = validate(schema: schema, document: document)
    self = errors.isEmpty ? .valid(document) : .invalid(errors.map { SourceDiagnostic($0, path: path) })
  }

  /// The operation a valid document would run with `operationName` and `variables`, checked as
  /// the executor checks them (spec 6.1 GetOperation and 6.1.2 CoerceVariableValues, with
  /// graphql-js's messages), so a request that would fail before execution is not sent.
  ///
  /// - Parameters:
  ///   - operationName: the operation to run; nil for the only one.
  ///   - schema: the schema the document was checked against.
  ///   - path: what diagnostics call the text.
  /// - Returns: the operation, or the problems (the document's own if it is invalid).
  public func operation(
    named operationName: String?, variables: JSONObject, schema: GraphQLSchema, path: String = "query"
  ) -> Result<OperationDefinition, DocumentCheckFailure> {
    let document: Document
    switch self {
    case .valid(let valid): document = valid
    case .invalid(let diagnostics): return .failure(DocumentCheckFailure(diagnostics: diagnostics))
    }
    let operation: OperationDefinition
    do {
      operation = try getOperation(document, operationName: operationName)
    } catch {
      return .failure(DocumentCheckFailure(diagnostics: [SourceDiagnostic(error, path: path)]))
    }
    let coerced = Values.coerceVariableValues(
      schema: schema, source: document.source, definitions: operation.variableDefinitions, inputs: variables)
    if case .failure(let failure) = coerced {
      return .failure(
        DocumentCheckFailure(diagnostics: failure.errors.map { SourceDiagnostic($0, path: path) }))
    }
    return .success(operation)
  }

  /// Every diagnostic with its source line and caret, one after another; empty when valid.
  public func report(for text: String) -> String {
    guard case .invalid(let diagnostics) = self else { return "" }
    return diagnostics.map { $0.excerpt(of: text) }.joined(separator: "\n")
  }
}

/// Why a document, its operation name or its variables failed the local checks.
public struct DocumentCheckFailure: Error, Sendable {
  /// Every problem found, in the order the checks found them.
  public var diagnostics: [SourceDiagnostic]

  /// Every diagnostic with its source line and caret, one after another.
  public func report(for text: String) -> String {
    diagnostics.map { $0.excerpt(of: text) }.joined(separator: "\n")
  }
}
