import CommandLineKit
import FoundationEssentials
import GraphQLWire

/// What `query` was asked to send: the document, its variables and the operation to run, from
/// the command's arguments or from a document typed in the shell.
struct AdHocRequest: Equatable, Sendable {
  var document: String
  /// The variables, from `--variables JSON` then each `--var NAME=VALUE` (later ones win).
  var variables: JSONObject = JSONObject()
  /// `--operation NAME`: which of several operations to run.
  var operationName: String?
  /// The line of the script the document starts on, for its diagnostics; nil outside a script.
  var scriptLine: Int?

  init(document: String) {
    self.document = document
  }

  /// The request `query`'s arguments describe: the document as a word or `-f FILE` (`-` for
  /// standard input), `--variables JSON`, each `--var NAME=VALUE` in order, `--operation NAME`.
  /// - Throws: `UsageError` for a missing or doubled document, a `--var` without `=`,
  ///   `--variables` that is not a JSON object, or a file that cannot be read.
  init(text: String?, options: QueryCommand.Options) throws(UsageError) {
    switch (text, options.file) {
    case (.some, .some): throw UsageError("give one document: 'DOCUMENT' or -f FILE")
    case (nil, nil): throw UsageError("no document: give 'DOCUMENT' or -f FILE")
    case (let text?, nil): document = text
    case (nil, let path?): document = path == "-" ? Self.readStandardInput() : try Self.readFile(path)
    }
    if let variablesJSON = options.variables {
      guard case .object(let object)? = try? JSON(parsing: variablesJSON) else {
        throw UsageError("--variables needs a JSON object, such as '{\"id\": \"1\"}'")
      }
      variables = object
    }
    for pair in options.pairs {
      guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
        throw UsageError("--var needs NAME=VALUE, got \(TerminalText.quoted(pair))")
      }
      let valueText = String(pair[pair.index(after: equals)...])
      // A value that parses as JSON is that JSON (`--var id=1` is the number 1, `--var ids=[1,2]`
      // a list); anything else is the text itself (`--var email=me@example.com`).
      variables[String(pair[..<equals])] = (try? JSON(parsing: valueText)) ?? .string(valueText)
    }
    operationName = options.operation
  }

  /// A file's text, as UTF-8.
  /// - Throws: `UsageError` naming the file when it is missing or unreadable.
  static func readFile(_ path: String) throws(UsageError) -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason = FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "no such file"
      throw UsageError("cannot read \(TerminalText.quoted(path)): \(reason)")
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// All of standard input, as UTF-8.
  static func readStandardInput() -> String {
    var lines: [String] = []
    while let line = readLine(strippingNewline: false) { lines.append(line) }
    return lines.joined()
  }
}
