import Foundation
import GraphQL
import RocketClient

/// `schema [--endpoint URL]`: prints the SDL of the API the program talks to, as the server
/// describes itself through introspection (what `apollo-ios-cli fetch-schema` does).
public struct SchemaCommand: Command {
  static let endpoint = Option(
    "--endpoint", valueName: "URL", type: .url, help: "the server to ask (default: the session's)")

  public let declaration = CommandDeclaration(
    "schema", summary: "print the API's schema (SDL), fetched by introspection",
    options: [endpoint.declaration])

  /// Creates the command.
  public init() {}

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    var session = context.session
    if let text = arguments[Self.endpoint], let url = EndpointURL.parse(text) {
      session = Session(
        endpoint: url, databasePath: "", credentials: nil,
        options: session?.requestOptions ?? RequestOptions())
    }
    var scoped = context
    scoped.session = session
    let fetched = await scoped.request("Fetching the schema") { session throws(RocketClientError) in
      // The standard introspection query is the engine's own constant (graphql-js's
      // getIntrospectionQuery text), sent as is through the request chain: it is not a GraphQL
      // string built by the CLI, and no generated operation can express it.
      try await session.client.execute(
        GraphQLRequest(query: introspectionQuery, operationName: "IntrospectionQuery"))
    }
    guard case .succeeded(let response, let data) = fetched else {
      if case .failed(let outcome) = fetched { return outcome }
      return .failed()
    }
    let messages = response["errors"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
    guard messages.isEmpty, !data.isNull else {
      let reason = messages.isEmpty ? "no data" : messages.joined(separator: "; ")
      return context.fail("schema: introspection failed: \(reason)")
    }
    if context.json {
      context.writeJSON(data)
      return .success
    }
    do {
      context.output.write(printSchema(try buildClientSchema(data)) + "\n")
      return .success
    } catch {
      return context.fail("schema: the introspection result is not usable: \(error)")
    }
  }
}
