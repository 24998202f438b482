import GraphQL

/// Indented JSON text with members in the server's order, so `--json` output is stable and
/// readable; strings and numbers are written by the engine's encoder (as `JSON.stringify` does).
enum PrettyJSON {
  /// `value` as JSON indented by two spaces, without a trailing newline.
  static func format(_ value: JSON) -> String {
    var text = ""
    write(value, indent: "", into: &text)
    return text
  }

  private static func write(_ value: JSON, indent: String, into text: inout String) {
    let inner = indent + "  "
    switch value {
    case .array(let elements) where !elements.isEmpty:
      text += "[\n"
      for (index, element) in elements.enumerated() {
        text += inner
        write(element, indent: inner, into: &text)
        text += index == elements.count - 1 ? "\n" : ",\n"
      }
      text += indent + "]"
    case .object(let object) where !object.isEmpty:
      text += "{\n"
      for (index, (key, member)) in object.enumerated() {
        text += inner + JSON.string(key).encodedString + ": "
        write(member, indent: inner, into: &text)
        text += index == object.count - 1 ? "\n" : ",\n"
      }
      text += indent + "}"
    default:
      text += value.encodedString
    }
  }
}
