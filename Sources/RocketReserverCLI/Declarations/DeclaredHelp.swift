import GraphQL

/// The text `help COMMAND` and `COMMAND --help` print, and the `help` list, from declarations.
enum DeclaredHelp {
  /// The help of one command: usage, summary, login rule, arguments, options, details.
  static func describe(_ declaration: CommandDeclaration, style: TextStyle) -> String {
    var text = "\(style.bold("usage:")) \(declaration.usage)\n\n\(declaration.summary)\n"
    if declaration.needsLogin { text += "Needs a login: login EMAIL first.\n" }
    if !declaration.aliases.isEmpty {
      text += "aliases: \(declaration.aliases.joined(separator: ", "))\n"
    }
    var rows: [(String, String)] = declaration.arguments.filter { !$0.isHidden }.map { ($0.name, $0.help) }
    rows += declaration.options.map { option in
      (option.synopsis, option.help + (option.defaultValue.map { " (default \($0))" } ?? ""))
    }
    rows.append(("-h, --help", "show this help"))
    text += "\n" + style.bold("arguments and options:") + "\n" + aligned(rows)
    if declaration.availability != .shellOnly {
      text += "Every command also takes --json, --format FORMAT and --no-color"
      text +=
        declaration.availability == .commandLineOnly
        ? ".\n" : " (and, on the command line, --endpoint URL and --data-dir DIR).\n"
    }
    if !declaration.details.isEmpty { text += "\n\(declaration.details)\n" }
    return text
  }

  /// The `help` list: one line per command.
  static func list(_ commands: [any Command], style: TextStyle) -> String {
    let rows = commands.map {
      ($0.declaration.shortUsage, $0.summary + ($0.declaration.needsLogin ? " (needs a login)" : ""))
    }
    return style.bold("Commands:") + "\n" + aligned(rows)
      + "\nType 'help COMMAND' or 'COMMAND --help' for more about one command.\n"
  }

  /// Two columns, the second aligned, each line indented by two spaces.
  static func aligned(_ rows: [(String, String)]) -> String {
    let width = (rows.map(\.0.count).max() ?? 0) + 2
    return rows.map { "  \($0.0)\(String(repeating: " ", count: width - $0.0.count))\($0.1)\n" }.joined()
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
