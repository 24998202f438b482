/// `query 'DOCUMENT'`, `query -f FILE|-`: sends any GraphQL document, checked locally against
/// the endpoint's schema first, and prints the whole response as JSON (see `AdHocQuery`).
public struct QueryCommand: Command {
  public let name = "query"
  public let summary = "send a GraphQL document (checked against the schema first)"
  public let usage = AdHocRequest.usage
  public let details = """
    The document is checked against the schema before it is sent: the embedded backend's own,
    or with --endpoint the server's, fetched once by introspection and cached for a day
    (schema --refresh fetches it again). Problems print as query:LINE:COL: error: MESSAGE with
    the line and a caret, and nothing is sent (status 2).

    --var NAME=VALUE sets a variable (repeatable): a VALUE that parses as JSON is that JSON,
    otherwise a string. --variables JSON sets them all from a JSON object. --operation NAME
    picks one of several operations. -f - reads the document from standard input.

    The response (data, errors, extensions) prints as indented JSON, coloured on a terminal
    unless --no-color or NO_COLOR. Status: 0 without errors, 1 with errors, 77 when an error
    says to log in, 69 when the endpoint cannot be reached.

    In the shell, a line starting with {, query, mutation, subscription or fragment is a
    document: it continues on ...> lines while brackets are open, and Tab completes from the
    schema.
    """

  /// Creates the command.
  public init() {}

  public func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome {
    let request: AdHocRequest
    do {
      request = try AdHocRequest.parse(arguments)
    } catch {
      return context.badArgument(error.message, for: self)
    }
    return await AdHocQuery.run(request, context: context)
  }

  public func completions(arguments: [String], word: String, context: CommandContext) -> [String] {
    guard word.hasPrefix("-") else { return [] }
    return ["-f", "--file", "--var", "--variables", "--operation", "--no-color"].filter { $0.hasPrefix(word) }
  }
}
