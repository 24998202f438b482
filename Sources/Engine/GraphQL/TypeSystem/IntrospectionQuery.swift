/// The standard introspection query, exactly as graphql-js 16.11's `getIntrospectionQuery` writes
/// it with `descriptions`, `specifiedByUrl`, `directiveIsRepeatable`, `schemaDescription`,
/// `inputValueDeprecation` and `oneOf` enabled (the text `rocket-reserver schema` sends to a
/// server). Since 16.8 type references are followed nine `ofType` levels deep (four nested
/// non-null lists), and since 16.10 the root types ask for their `kind` too.
public let introspectionQuery = """

      query IntrospectionQuery {
        __schema {
          description
          queryType { name kind }
          mutationType { name kind }
          subscriptionType { name kind }
          types {
            ...FullType
          }
          directives {
            name
            description
            isRepeatable
            locations
            args(includeDeprecated: true) {
              ...InputValue
            }
          }
        }
      }

      fragment FullType on __Type {
        kind
        name
        description
        specifiedByURL
        isOneOf
        fields(includeDeprecated: true) {
          name
          description
          args(includeDeprecated: true) {
            ...InputValue
          }
          type {
            ...TypeRef
          }
          isDeprecated
          deprecationReason
        }
        inputFields(includeDeprecated: true) {
          ...InputValue
        }
        interfaces {
          ...TypeRef
        }
        enumValues(includeDeprecated: true) {
          name
          description
          isDeprecated
          deprecationReason
        }
        possibleTypes {
          ...TypeRef
        }
      }

      fragment InputValue on __InputValue {
        name
        description
        type { ...TypeRef }
        defaultValue
        isDeprecated
        deprecationReason
      }

      fragment TypeRef on __Type {
  \(typeReferenceSelections(indent: 6, levels: 9))
      }
    
  """

/// The selections of graphql-js's `TypeRef` fragment, each line indented as there: `kind` and
/// `name`, then `ofType` selecting the same, `levels` deep.
private func typeReferenceSelections(indent: Int, levels: Int) -> String {
  let pad = String(repeating: " ", count: indent)
  let own = "\(pad)kind\n\(pad)name"
  guard levels > 0 else { return own }
  return own + "\n\(pad)ofType {\n" + typeReferenceSelections(indent: indent + 2, levels: levels - 1)
    + "\n\(pad)}"
}
