import GraphQLAPI
import GraphQLWire
import TestSupport

/// Random `data` of the shape a generated operation's `__selections` describe: every field
/// present, nullable ones sometimes null, lists of 0 to 4 items, `__typename` right, and ids
/// from a small pool so the same launch turns up in several places.
///
/// Like a real server, it answers consistently: every value is drawn from a generator seeded by
/// the seed, the object's identity (`Typename:id`, or its path) and the field, so an object met
/// twice has the same fields both times.
struct RandomResponse {
  let seed: UInt64
  let keyedTypes: Set<String>

  func data(_ selections: [Selection]) -> JSONObject {
    object(selections, typename: nil, path: "ROOT")
  }

  private func object(_ selections: [Selection], typename: String?, path: String) -> JSONObject {
    var identity = path
    if let typename, keyedTypes.contains(typename) {
      identity = typename + ":" + String(draw(path + ".id", in: 1...6))
    }
    var result = JSONObject()
    for selection in selections {
      guard case .field(let field) = selection else { continue }
      let fieldPath = identity + "." + field.name + "\(field.arguments)"
      if field.name == "id", identity != path {
        result[field.responseKey] = .string(String(identity.split(separator: ":").last ?? ""))
        continue
      }
      result[field.responseKey] = value(field, type: field.type, typename: typename, path: fieldPath)
    }
    return result
  }

  private func value(_ field: Selection.Field, type: GraphQLTypeReference, typename: String?, path: String)
    -> JSON
  {
    if case .nonNull(let inner) = type {
      return nonNullValue(field, type: inner, typename: typename, path: path)
    }
    if draw(path + "?", in: 0..<5) == 0 { return .null }
    return nonNullValue(field, type: type, typename: typename, path: path)
  }

  private func nonNullValue(
    _ field: Selection.Field, type: GraphQLTypeReference, typename: String?, path: String
  )
    -> JSON
  {
    switch type {
    case .nonNull(let inner):
      return nonNullValue(field, type: inner, typename: typename, path: path)
    case .list(let element):
      let count = draw(path + "#", in: 0..<5)
      return .array(
        (0..<count).map { value(field, type: element, typename: typename, path: path + ".\($0)") })
    case .named(let name):
      if !field.selections.isEmpty { return .object(object(field.selections, typename: name, path: path)) }
      if field.name == "__typename" { return .string(typename ?? "Unknown") }
      switch name {
      case "ID": return .string(String(draw(path, in: 1...6)))
      case "Int": return .int(draw(path, in: -1000...1000))
      case "Boolean": return .bool(draw(path, in: 0...1) == 1)
      case "Float": return .double(Double(draw(path, in: 0...1000)) / 8)
      default:
        let letters = Array("abcé \"\\\n✓xyz")
        let count = draw(path + "#", in: 0...8)
        return .string(String((0..<count).map { letters[draw(path + ".\($0)", in: 0..<letters.count)] }))
      }
    }
  }

  /// A number in `range` decided by the seed and `label` alone.
  private func draw(_ label: String, in range: ClosedRange<Int>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
    for byte in label.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    var generator = SeededGenerator(seed: hash)
    return Int.random(in: range, using: &generator)
  }

  private func draw(_ label: String, in range: Range<Int>) -> Int {
    draw(label, in: range.lowerBound...(range.upperBound - 1))
  }
}
