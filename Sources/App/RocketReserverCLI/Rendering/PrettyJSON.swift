import CommandLineKit
import GraphQLWire

/// Indented JSON text with members in the server's order; strings and numbers are written by the
/// engine's encoder. With a colouring style, keys are bold, strings green, numbers and booleans
/// yellow and null dim; control characters are escaped, so server text is never read by the
/// terminal as escape sequences.
enum PrettyJSON {
  /// `value` as JSON indented by two spaces, without a trailing newline. `forTerminal` also
  /// escapes what a terminal would act on (bidirectional overrides, other format characters).
  static func format(_ value: JSON, style: TextStyle = .plain, forTerminal: Bool = false) -> String {
    var text = ""
    write(value, indent: "", style: style, forTerminal: forTerminal, into: &text)
    return text
  }

  /// `json` (encoded JSON text) with each C1 control (U+009B is a CSI) as a `\u` escape, as the
  /// encoder writes C0 controls; for a terminal, every scalar `TerminalText.isUnsafe` finds too.
  /// Such scalars can only be inside strings, so the result is the same JSON.
  static func escaping(_ json: String, forTerminal: Bool) -> String {
    let escapes: (Unicode.Scalar) -> Bool =
      forTerminal
      ? { TerminalText.isUnsafe($0) && $0 != "\n" } : { (0x80...0x9F).contains($0.value) }
    guard json.unicodeScalars.contains(where: escapes) else { return json }
    var result = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      guard escapes(scalar) else {
        result.append(scalar)
        continue
      }
      let units = scalar.utf16.map { unit in
        let hex = String(unit, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
      result.append(contentsOf: units.joined().unicodeScalars)
    }
    return String(result)
  }

  private static func write(
    _ value: JSON, indent: String, style: TextStyle, forTerminal: Bool, into text: inout String
  ) {
    let inner = indent + "  "
    let encoded = { (value: JSON) in escaping(value.encodedString, forTerminal: forTerminal) }
    switch value {
    case .array(let elements) where !elements.isEmpty:
      text += "[\n"
      for (index, element) in elements.enumerated() {
        text += inner
        write(element, indent: inner, style: style, forTerminal: forTerminal, into: &text)
        text += index == elements.count - 1 ? "\n" : ",\n"
      }
      text += indent + "]"
    case .object(let object) where !object.isEmpty:
      text += "{\n"
      for (index, (key, member)) in object.enumerated() {
        text += inner + style.bold(encoded(JSON.string(key))) + ": "
        write(member, indent: inner, style: style, forTerminal: forTerminal, into: &text)
        text += index == object.count - 1 ? "\n" : ",\n"
      }
      text += indent + "}"
    case .string: text += style.success(encoded(value))
    case .null: text += style.dim(value.encodedString)
    case .array, .object: text += value.encodedString
    default: text += style.warning(value.encodedString)
    }
  }
}
