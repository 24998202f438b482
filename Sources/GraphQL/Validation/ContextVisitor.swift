/// What the rules' visitors share: the context they report to and read type information from,
/// stored and initialized here once instead of in each rule.
class ContextVisitor {
  let context: ValidationContext

  init(context: ValidationContext) { self.context = context }
}
