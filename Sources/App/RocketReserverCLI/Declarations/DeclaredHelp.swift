import CommandLineKit
import GraphQLWire

/// The text `help COMMAND` and `COMMAND --help` print, and the `help` list, from declarations.
enum DeclaredHelp {
  /// The help of one command (usage, summary, login rule, arguments, options, details), wrapped
  /// at `width` when given.
  static func describe(_ declaration: CommandDeclaration, style: TextStyle, width: Int? = nil) -> String {
    let usage = TextWrapping.lines(declaration.usage, width: width.map { max($0 - 7, 20) } ?? Int.max)
    var text = "\(style.bold("usage:")) " + usage.joined(separator: "\n       ") + "\n\n"
    text += TextWrapping.wrap(declaration.summary, width: width) + "\n"
    if declaration.needsLogin { text += "Needs a login: login EMAIL first.\n" }
    if !declaration.aliases.isEmpty {
      text += "aliases: \(declaration.aliases.joined(separator: ", "))\n"
    }
    var rows: [(String, String)] = declaration.arguments.filter { !$0.isHidden }.map { ($0.name, $0.help) }
    rows += declaration.options.map { ($0.synopsis, $0.helpWithDefault) }
    rows.append(("-h, --help", "show this help"))
    text += "\n" + style.bold("arguments and options:") + "\n" + aligned(rows, width: width)
    if declaration.availability != .shellOnly {
      let shared = GlobalOptions.declarations.filter { $0.scope == .everyCommand }.map(\.usageSynopsis)
      let session = GlobalOptions.declarations.filter { $0.scope == .session }.map(\.usageSynopsis)
      var line = "Every command also takes \(listed(shared))"
      line +=
        declaration.availability == .commandLineOnly
        ? "." : " (and, on the command line, \(listed(session)))."
      text += TextWrapping.wrap(line, width: width) + "\n"
    }
    if !declaration.details.isEmpty {
      let paragraphs = declaration.details.split(separator: "\n\n", omittingEmptySubsequences: false)
      let wrapped = paragraphs.map { paragraph in
        TextWrapping.wrap(paragraph.split(separator: "\n").joined(separator: " "), width: width)
      }
      text += "\n" + wrapped.joined(separator: "\n\n") + "\n"
    }
    return text
  }

  /// `a, b and c`.
  private static func listed(_ words: [String]) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
  }

  /// The `help` list: one line per command, wrapped at `width` when given.
  static func list(_ commands: [any Command], style: TextStyle, width: Int? = nil) -> String {
    let rows = commands.map {
      ($0.declaration.shortUsage, $0.summary + ($0.declaration.needsLogin ? " (needs a login)" : ""))
    }
    return style.bold("Commands:") + "\n" + aligned(rows, width: width) + "\n"
      + TextWrapping.wrap("Type 'help COMMAND' or 'COMMAND --help' for more about one command.", width: width)
      + "\n"
  }

  /// Two columns, the second aligned, each line indented by two spaces; with a `width`, the
  /// second column wraps between words under itself (or, when the first is too wide for that,
  /// on the lines below, indented by six).
  static func aligned(_ rows: [(String, String)], width: Int? = nil) -> String {
    let column = (rows.map(\.0.count).max() ?? 0) + 2
    return rows.map { row in
      let head = "  \(row.0)\(String(repeating: " ", count: column - row.0.count))"
      guard let width else { return head + row.1 + "\n" }
      let indent = column + 2
      if width - indent >= 20 {
        let lines = TextWrapping.lines(row.1, width: width - indent)
        let pad = String(repeating: " ", count: indent)
        return head + lines.joined(separator: "\n" + pad) + "\n"
      }
      let lines = TextWrapping.lines(row.1, width: max(width - 6, 10))
      return "  \(row.0)\n" + lines.map { "      " + $0 + "\n" }.joined()
    }.joined()
  }

  /// One command's declaration as JSON, for `help --json` and `COMMAND --help --json`.
  static func json(_ declaration: CommandDeclaration) -> JSON {
    let options: [JSON] = declaration.options.map { option in
      .object([
        "name": .string(option.name), "value": option.valueName.map { .string($0) } ?? .null,
        "default": option.defaultValue.map { .string($0) } ?? .null, "help": .string(option.help),
      ])
    }
    let arguments: [JSON] = declaration.arguments.filter { !$0.isHidden }.map { argument in
      .object([
        "name": .string(argument.name), "optional": .bool(argument.isOptional),
        "repeats": .bool(argument.repeats),
        "help": .string(argument.help),
      ])
    }
    return .object([
      "name": .string(declaration.name), "aliases": .array(declaration.aliases.map { .string($0) }),
      "usage": .string(declaration.usage), "summary": .string(declaration.summary),
      "needsLogin": .bool(declaration.needsLogin), "arguments": .array(arguments), "options": .array(options),
    ])
  }
}
