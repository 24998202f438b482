import GraphQL

/// Indented JSON text with members in the server's order, so `--json` output is stable and
/// readable; strings and numbers are written by the engine's encoder (as `JSON.stringify` does).
///
/// With a colouring style (`query` on a terminal), keys are bold, strings green, numbers and
/// booleans yellow and null dim; the encoder escapes control characters, so server text inside
/// the colours is never read by the terminal as escape sequences.
enum PrettyJSON {
  /// `value` as JSON indented by two spaces, without a trailing newline.
  /// - Parameters:
  ///   - value: the JSON.
  ///   - style: colours for keys, strings, numbers and null (default none).
  static func format(_ value: JSON, style: TextStyle = .plain) -> String {
    var text = ""
    write(value, indent: "", style: style, into: &text)
    return text
  }

  private static func write(_ value: JSON, indent: String, style: TextStyle, into text: inout String) {
    let inner = indent + "  "
    switch value {
    case .array(let elements) where !elements.isEmpty:
      text += "[\n"
      for (index, element) in elements.enumerated() {
        text += inner
        write(element, indent: inner, style: style, into: &text)
        text += index == elements.count - 1 ? "\n" : ",\n"
      }
      text += indent + "]"
    case .object(let object) where !object.isEmpty:
      text += "{\n"
      for (index, (key, member)) in object.enumerated() {
        text += inner + style.bold(JSON.string(key).encodedString) + ": "
        write(member, indent: inner, style: style, into: &text)
        text += index == object.count - 1 ? "\n" : ",\n"
      }
      text += indent + "}"
    case .string: text += style.success(value.encodedString)
    case .null: text += style.dim(value.encodedString)
    case .array, .object: text += value.encodedString
    default: text += style.warning(value.encodedString)
    }
  }
}
