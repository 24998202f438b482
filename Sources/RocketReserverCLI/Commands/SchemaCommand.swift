import Foundation
import GraphQL
import RocketClient

/// `schema [--endpoint URL]`: prints the SDL of the API the program talks to, as the server
/// describes itself through introspection (what `apollo-ios-cli fetch-schema` does).
public struct SchemaCommand: Command {
  public let name = "schema"
  public let summary = "print the API's schema (SDL), fetched by introspection"
  public let usage = "schema [--endpoint URL] [--refresh]"
  public let details = """
    With an endpoint, the fetched schema also replaces the copy query checks documents against
    (kept for a day in the cache folder); --refresh fetches it for that and prints one line.
    """

  /// Creates the command.
  public init() {}

  public func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome {
    var session = context.session
    var refresh = false
    var words = arguments[...]
    while let word = words.popFirst() {
      let (option, inline) = GlobalOptions.splitOption(word)
      if option == "--refresh" && inline == nil {
        refresh = true
        continue
      }
      guard option == "--endpoint", let text = inline ?? words.popFirst() else {
        return context.badArgument("unexpected '\(word)'", for: self)
      }
      guard let url = EndpointURL.parse(text) else {
        return context.badArgument("'\(text)' is not an http:// or https:// URL", for: self)
      }
      session = Session(
        endpoint: url, databasePath: "", credentials: nil,
        options: session?.requestOptions ?? RequestOptions())
    }
    var scoped = context
    scoped.session = session
    // Every fetch from a remote endpoint also replaces the copy `query` checks documents against.
    let fetched: (data: JSON, schema: GraphQLSchema)
    switch await EndpointSchema.fetch(context: scoped) {
    case .success(let result): fetched = result
    case .failure(let failure): return failure.outcome
    }
    if refresh {
      let target = session?.endpointDescription ?? "the server"
      context.output.write("fetched the schema of \(target) (\(fetched.schema.typeNames.count) types)\n")
    } else if context.json {
      context.writeJSON(fetched.data)
    } else {
      context.output.write(printSchema(fetched.schema) + "\n")
    }
    return .success
  }
}
