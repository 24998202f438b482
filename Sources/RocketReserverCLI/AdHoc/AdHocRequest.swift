import FoundationEssentials
import GraphQL

/// What `query` was asked to send: the document, its variables and the operation to run, read
/// from the command's words (`query 'DOCUMENT'`, `-f FILE`, `--var`, `--variables`,
/// `--operation`).
struct AdHocRequest: Equatable, Sendable {
  /// The document text.
  var document: String
  /// The variables, from `--variables JSON` then each `--var NAME=VALUE` (later ones win).
  var variables: JSONObject = JSONObject()
  /// `--operation NAME`: which of several operations to run.
  var operationName: String?
  /// `--no-color` given to the command.
  var noColor = false
  /// The line of the script the document starts on, for its diagnostics; nil when it was not
  /// read from a script.
  var scriptLine: Int?

  /// Reads the command's words.
  ///
  /// - Parameters:
  ///   - arguments: the words after `query`.
  ///   - readFile: reads a file's text (`-f FILE`); a test passes its own.
  ///   - readStandardInput: reads all of standard input (`-f -`).
  /// - Throws: `UsageError` for a missing or doubled document, an unknown option, a `--var`
  ///   without `=`, `--variables` that is not a JSON object, or a file that cannot be read.
  static func parse(
    _ arguments: [String], readFile: (String) throws(UsageError) -> String = AdHocRequest.readFile,
    readStandardInput: () -> String = AdHocRequest.readStandardInput
  ) throws(UsageError) -> AdHocRequest {
    var document: String?
    var variables = JSONObject()
    var pairs: [(String, JSON)] = []
    var request = AdHocRequest(document: "")
    var words = arguments[...]
    func setDocument(_ text: String) throws(UsageError) {
      guard document == nil else { throw UsageError("give one document: 'DOCUMENT' or -f FILE") }
      document = text
    }
    while let word = words.popFirst() {
      let (option, inline) = ArgumentParser.splitOption(word)
      func value() throws(UsageError) -> String {
        guard let text = inline ?? words.popFirst() else { throw UsageError("\(option) needs a value") }
        return text
      }
      switch option {
      case "-f", "--file":
        let path = try value()
        if path == "-" {
          try setDocument(readStandardInput())
        } else {
          try setDocument(try readFile(path))
        }
      case "--var":
        let text = try value()
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
          throw UsageError("--var needs NAME=VALUE, got \(TerminalText.quoted(text))")
        }
        let valueText = String(text[text.index(after: equals)...])
        // A value that parses as JSON is that JSON (`--var id=1` is the number 1, `--var ids=[1,2]`
        // a list); anything else is the text itself (`--var email=me@example.com`).
        let parsed = (try? JSON(parsing: valueText)) ?? .string(valueText)
        pairs.append((String(text[..<equals]), parsed))
      case "--variables":
        let text = try value()
        guard case .object(let object)? = try? JSON(parsing: text) else {
          throw UsageError("--variables needs a JSON object, such as '{\"id\": \"1\"}'")
        }
        variables = object
      case "--operation": request.operationName = try value()
      case "--no-color": request.noColor = true
      default:
        if option.hasPrefix("-") && option.count > 1 {
          throw UsageError("unknown option \(TerminalText.quoted(option))")
        }
        try setDocument(word)
      }
    }
    guard let document else { throw UsageError("no document: give 'DOCUMENT' or -f FILE") }
    for (name, value) in pairs { variables[name] = value }
    request.document = document
    request.variables = variables
    return request
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
