import GraphQL
import GraphQLWire
import Testing

/// The schema for `sdl`, built by the type system's `buildSchema`.
func execTestSchema(_ sdl: String) throws -> GraphQLSchema {
  try buildSchema(sdl)
}

/// Parses and executes `query` synchronously, returning the response JSON text.
func execSync<Context: Sendable>(
  _ schema: ExecutableSchema<Context>, _ query: String, operationName: String? = nil,
  variables: JSONObject? = nil, context: Context, rootValue: (any Sendable)? = nil
) throws -> String {
  let document = try parse(query)
  let result = executeSync(
    schema: schema, document: document, operationName: operationName, variableValues: variables,
    context: context, rootValue: rootValue)
  // Every synchronous execution test also checks that the encoded path writes the same bytes.
  let encoded = executeSyncEncoded(
    schema: schema, document: document, operationName: operationName, variableValues: variables,
    context: context, rootValue: rootValue)
  #expect(
    String(decoding: encoded, as: UTF8.self) == String(decoding: result.encoded(), as: UTF8.self),
    "executeSyncEncoded differs from executeSync(...).encoded() for \(query)")
  return result.json.encodedString
}
