/// What the rules' visitors share: the context they report to and read type information from
/// (stored here once instead of in each rule), and the reports of names that must be unique.
class ContextVisitor {
  let context: ValidationContext

  required init(context: ValidationContext) { self.context = context }

  /// The callbacks the rule implements (its `ValidationVisitor.callbacks`), known without making
  /// a visitor, so that a validation makes one only when the document needs it.
  class var ruleCallbacks: ValidationCallbacks { .all }

  var callbacks: ValidationCallbacks { Self.ruleCallbacks }

  /// Whether the rule's visitor can serve later validations made with the same context (see
  /// `ValidationSession`): it keeps no state between callbacks, or `reset()` restores it.
  class var isReusable: Bool { false }

  /// Restores the state a new visitor starts with, once a validation is done (a reusable rule
  /// that keeps state overrides it).
  func reset() {}

  /// Reports `name` when `known` holds it already (with the first one), else records it.
  func noteUnique(_ name: Name, in known: inout [String: Name], kind: String) {
    if let first = known.existing(at: name.value, orInsert: name) {
      context.report(
        "There can be only one \(kind) named \"\(name.value)\".", nodes: [first.range, name.range])
    }
  }

  /// Reports each name given more than once among `names`, with all its nodes, in the order the
  /// names first appear; `message` words the error for a name.
  func reportRepeated(_ names: some Collection<Name>, _ message: (String) -> String) {
    // Most lists are short and repeat nothing: compare the names in place (short names are two
    // integers) before grouping them in a dictionary.
    if names.count <= 8 {
      var seen = names.startIndex
      var repeated = false
      while seen != names.endIndex, !repeated {
        let text = names[seen].text
        names.formIndex(after: &seen)
        repeated = names[seen...].contains { $0.text == text }
      }
      if !repeated { return }
    }
    for group in names.repeated() {
      context.report(message(group.name), nodes: group.nodes.map(\.range))
    }
  }
}

extension ValidationRule {
  /// The rule whose visitor is `Visitor`, named as the class is (graphql-js's rule names).
  init<Visitor: ContextVisitor & ValidationVisitor>(_: Visitor.Type) {
    self.init(name: "\(Visitor.self)", callbacks: Visitor.ruleCallbacks) { Visitor(context: $0) }
    if Visitor.isReusable { reuseKey = ObjectIdentifier(Visitor.self) }
  }
}
