import CommandLineKit
import Glibc

/// `query 'DOCUMENT'`, `query -f FILE|-`: sends any GraphQL document, checked locally against
/// the endpoint's schema first, and prints the whole response as JSON, an incremental one payload
/// by payload (see `AdHocQuery`).
public struct QueryCommand: Command {
  static let document = Positional(
    "DOCUMENT", type: .text, optional: true, help: "the GraphQL document (or -f FILE)")
  struct Options: ParsableOptions {
    var file: String?
    var pairs: [String] = []
    var variables: String?
    var operation: String?
    var edit = false
    static let bindings: [OptionBinding<Options>] = [
      .option(
        "--file", short: "-f", valueName: "FILE", type: .path, into: \.file,
        help: "read the document from FILE (- for standard input)"),
      .option(
        "--var", valueName: "NAME=VALUE", type: .text,
        help: "set a variable (repeatable): JSON if VALUE parses as JSON, else a string"
      ) { pair, options in options.pairs.append(pair) },
      .option(
        "--variables", valueName: "JSON", type: .text, into: \.variables,
        help: "set the variables from a JSON object"),
      .option(
        "--operation", valueName: "NAME", type: .text, into: \.operation,
        help: "the operation to run, of several"),
      .flag(
        "--edit", \.edit,
        help: "edit the document (or the last one sent) in $VISUAL or $EDITOR first; send it when changed"),
    ]
  }

  public let declaration = CommandDeclaration(
    "query", summary: "send a GraphQL document (checked against the schema first)",
    details: """
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

      An incremental answer (@defer, @stream) prints each payload as it arrives, then the merged
      result; with --json, one line of JSON per payload and the merged result last (NDJSON).

      In the shell, a line starting with {, query, mutation, subscription or fragment is a
      document: it continues on ...> lines while brackets are open, and Tab completes from the
      schema.

      --edit opens the document (DOCUMENT, -f FILE, else the last one sent or in the shell's
      history) in $VISUAL or $EDITOR first, as the shell's edit does, and sends it only when the
      editor exits 0 with it changed.
      """,
    arguments: [document.declaration],
    options: Options.declarations)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    let options = Options(arguments.options)
    var text = arguments[Self.document]
    // `echo '{ ... }' | rocket-reserver query`: the document is standard input, as with -f -
    // (an empty input is still "no document").
    if text == nil && options.file == nil && context.isOneShot
      && !context.environment.standardInputIsTerminal
    {
      let input = AdHocRequest.readStandardInput()
      if !input.allSatisfy(\.isWhitespace) { text = input }
    }
    let editing = options.edit
    if editing && text == nil && options.file == nil {
      text = EditCommand.lastDocument(context) ?? ""
    }
    var request: AdHocRequest
    do {
      request = try AdHocRequest(text: text, options: options)
    } catch {
      return context.badArgument(ArgumentParser.Failure(message: error.message, showsUsage: true), for: self)
    }
    if editing {
      switch EditCommand.edit(request.document, context: context, by: name) {
      case .finished(let outcome): return outcome
      case .document(let document):
        context.memory.recordInHistory(document)
        request.document = document
      }
    }
    return await AdHocQuery.run(request, context: context)
  }
}
