import CommandLineKit
import FoundationEssentials
import GraphQL
import GraphQLWire
import RocketClient

/// `schema [--endpoint URL]`: prints the SDL of the API the program talks to, as the server
/// describes itself through introspection (what `apollo-ios-cli fetch-schema` does).
public struct SchemaCommand: Command {
  struct Options: ParsableOptions {
    var endpoint: String?
    var refresh = false
    static let bindings: [OptionBinding<Options>] = [
      .option(
        "--endpoint", valueName: "URL", type: .url, into: \.endpoint,
        help: "the server to ask (default: the session's)"),
      .flag(
        "--refresh", \.refresh,
        help: "only fetch the schema that `query` checks documents against, and say so"),
    ]
  }

  public let declaration = CommandDeclaration(
    "schema", summary: "print the API's schema (SDL), fetched by introspection",
    details: """
      With an endpoint, the fetched schema also replaces the copy query checks documents against
      (kept for a day in the cache folder); --refresh fetches it for that and prints one line.
      """,
    options: Options.declarations)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    var session = context.session
    let options = Options(arguments.options)
    let refresh = options.refresh
    if let text = options.endpoint, let url = EndpointURL.parse(text) {
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
      // A server's descriptions are its own text: shown escaped on a terminal, line by line.
      let sdl = printSchema(fetched.schema) + "\n"
      context.writeResult(context.outputIsTerminal ? TerminalText.safeLines(sdl) : sdl)
    }
    return .success
  }
}
