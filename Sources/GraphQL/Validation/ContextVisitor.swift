/// What the rules' visitors share: the context they report to and read type information from,
/// stored and initialized here once instead of in each rule.
class ContextVisitor {
  let context: ValidationContext

  required init(context: ValidationContext) { self.context = context }
}

extension ValidationRule {
  /// The rule whose visitor is `Visitor`, named as the class is (graphql-js's rule names).
  init<Visitor: ContextVisitor & ValidationVisitor>(_: Visitor.Type) {
    self.init(name: "\(Visitor.self)") { Visitor(context: $0) }
  }
}
