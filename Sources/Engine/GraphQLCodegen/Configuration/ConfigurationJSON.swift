// This file is compiled into GraphQLCodegen and, through a symbolic link, into CodegenPlugin
// (a plugin can use no library target): it uses the standard library only.

/// A JSON value of a codegen configuration file, with the line and column where it starts, so
/// that a wrong key or value is reported at its place in the file.
public struct ConfigurationJSON: Sendable {
  public indirect enum Value: Sendable {
    /// An object: its members in file order, each with the position of its key.
    case object([(key: String, position: Position, value: ConfigurationJSON)])
    case array([ConfigurationJSON])
    case string(String)
    /// A number, as written.
    case number(String)
    case bool(Bool)
    case null
  }

  /// A 1-based line and column (in characters).
  public struct Position: Sendable, Equatable {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int
  }

  /// The value.
  public var value: Value
  /// Where it starts.
  public var position: Position

  /// What kind of value this is, for messages (`a string`).
  public var kind: String {
    switch value {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }

  /// Parses `text`.
  /// - Throws: ``CodegenConfigurationError`` at the place the text stops being JSON.
  public static func parse(_ text: String, path: String) throws(CodegenConfigurationError)
    -> ConfigurationJSON
  {
    var reader = Reader(characters: Array(text), path: path)
    reader.skipSpace()
    let value = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.index == reader.characters.count else {
      throw reader.error("unexpected \(reader.describeNext()) after the JSON value")
    }
    return value
  }

  private struct Reader {
    let characters: [Character]
    let path: String
    var index = 0
    var line = 1
    var column = 1

    var position: Position { Position(line: line, column: column) }

    func error(_ message: String) -> CodegenConfigurationError {
      CodegenConfigurationError(path: path, position: position, message: message)
    }

    func describeNext() -> String {
      index < characters.count ? "'\(characters[index])'" : "end of file"
    }

    mutating func advance() {
      if characters[index] == "\n" || characters[index] == "\r\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
      index += 1
    }

    mutating func skipSpace() {
      while index < characters.count, [" ", "\t", "\n", "\r", "\r\n"].contains(characters[index]) {
        advance()
      }
    }

    mutating func expect(_ character: Character) throws(CodegenConfigurationError) {
      guard index < characters.count, characters[index] == character else {
        throw error("expected '\(character)', found \(describeNext())")
      }
      advance()
    }

    mutating func value(depth: Int) throws(CodegenConfigurationError) -> ConfigurationJSON {
      guard depth < 64 else { throw error("the JSON is nested too deeply") }
      let start = position
      guard index < characters.count else { throw error("expected a JSON value, found end of file") }
      switch characters[index] {
      case "{":
        var members: [(key: String, position: Position, value: ConfigurationJSON)] = []
        if !opens(closedAtOnceBy: "}") {
          repeat {
            skipSpace()
            let keyPosition = position
            guard index < characters.count, characters[index] == "\"" else {
              throw error("expected a key in double quotes, found \(describeNext())")
            }
            let key = try string()
            if members.contains(where: { $0.key == key }) { throw error("the key \"\(key)\" appears twice") }
            skipSpace()
            try expect(":")
            skipSpace()
            members.append((key, keyPosition, try value(depth: depth + 1)))
          } while try continues(before: "}")
        }
        return ConfigurationJSON(value: .object(members), position: start)
      case "[":
        var items: [ConfigurationJSON] = []
        if !opens(closedAtOnceBy: "]") {
          repeat {
            skipSpace()
            items.append(try value(depth: depth + 1))
          } while try continues(before: "]")
        }
        return ConfigurationJSON(value: .array(items), position: start)
      case "\"":
        return ConfigurationJSON(value: .string(try string()), position: start)
      case "t", "f", "n":
        for (word, value) in [("true", Value.bool(true)), ("false", .bool(false)), ("null", .null)]
        where characters[index...].starts(with: word) {
          for _ in word { advance() }
          return ConfigurationJSON(value: value, position: start)
        }
        throw error("expected a JSON value, found \(describeNext())")
      case "-", "0"..."9":
        var text = ""
        while index < characters.count, "+-.eE0123456789".contains(characters[index]) {
          text.append(characters[index])
          advance()
        }
        return ConfigurationJSON(value: .number(text), position: start)
      default:
        throw error("expected a JSON value, found \(describeNext())")
      }
    }

    /// Steps past an object's or array's opening character; true (and past `close` too) when it
    /// is empty.
    mutating func opens(closedAtOnceBy close: Character) -> Bool {
      advance()
      skipSpace()
      guard index < characters.count, characters[index] == close else { return false }
      advance()
      return true
    }

    /// Steps past what follows an element: true after a comma (another element comes), false
    /// after `close`.
    mutating func continues(before close: Character) throws(CodegenConfigurationError) -> Bool {
      skipSpace()
      guard index < characters.count, characters[index] == "," else {
        try expect(close)
        return false
      }
      advance()
      return true
    }

    mutating func string() throws(CodegenConfigurationError) -> String {
      advance()
      var result = ""
      while index < characters.count {
        let character = characters[index]
        switch character {
        case "\"":
          advance()
          return result
        case "\\":
          advance()
          guard index < characters.count else { break }
          let escaped = characters[index]
          let simple: [Character: Character] = [
            "\"": "\"", "\\": "\\", "/": "/", "n": "\n", "t": "\t", "r": "\r", "b": "\u{8}", "f": "\u{c}",
          ]
          if let replacement = simple[escaped] {
            result.append(replacement)
            advance()
          } else if escaped == "u", index + 4 < characters.count,
            let code = UInt32(String(characters[(index + 1)...(index + 4)]), radix: 16),
            let scalar = Unicode.Scalar(code)
          {
            result.unicodeScalars.append(scalar)
            for _ in 0..<5 { advance() }
          } else {
            throw error("unknown escape '\\\(escaped)' in a string")
          }
        case "\n":
          throw error("a string does not end on its line")
        default:
          result.append(character)
          advance()
        }
      }
      throw error("a string does not end before the end of the file")
    }
  }
}

/// A codegen configuration file that cannot be used: where, and why.
public struct CodegenConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file as diagnostics show it.
  public var path: String
  /// Where in the file; nil for the file as a whole (it cannot be read).
  public var position: ConfigurationJSON.Position?
  /// What is wrong.
  public var message: String

  /// `PATH:LINE:COL`, or `PATH` for the whole file.
  public var place: String { position.map { "\(path):\($0.line):\($0.column)" } ?? path }

  /// `PATH:LINE:COL: error: MESSAGE`, as compilers write it.
  public var description: String { "\(place): error: \(message)" }
}
