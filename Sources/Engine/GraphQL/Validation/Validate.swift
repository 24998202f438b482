import GraphQLWire

/// Checks an executable document against a schema with the given rules, in one walk of the
/// document, as graphql-js's `validate` does.
///
/// - Parameters:
///   - document: the parsed document (its `source` gives error locations).
///   - rules: the rules to apply (default `specifiedRules`, all rules of the specification).
///   - maxErrors: after this many errors, validation stops and adds graphql-js's
///     `Too many validation errors, error limit reached. Validation aborted.` (default 100).
/// - Returns: the errors in the order graphql-js reports them; empty when the document is valid.
public func validate(
  schema: GraphQLSchema, document: Document, rules: [ValidationRule] = specifiedRules,
  maxErrors: Int = 100
) -> [GraphQLError] {
  ValidationSession.validate(
    schema: schema, document: document, rules: rules, maxErrors: maxErrors, deadline: nil
  )
  .errors
}

/// What `validate` found, and whether it gave up at its deadline (then `errors` is incomplete and
/// says nothing about the document's validity).
struct ValidationOutcome {
  var errors: [GraphQLError]
  var timedOut: Bool
}

/// `validate` that gives up once `deadline` passes (checked inside the rules' loops whose work can
/// grow faster than the document).
func validate(
  schema: GraphQLSchema, document: Document, rules: [ValidationRule], maxErrors: Int = 100,
  deadline: ContinuousClock.Instant?
) -> ValidationOutcome {
  ValidationSession.validate(
    schema: schema, document: document, rules: rules, maxErrors: maxErrors, deadline: deadline)
}
