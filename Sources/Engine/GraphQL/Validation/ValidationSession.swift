import Synchronization

/// The objects a validation works with, its context and its rules' visitors, kept for the next
/// validation once it is done: a small document then costs little more than its walk, where
/// making and freeing a context, its stacks and caches and a visitor per rule cost as much as
/// walking it. What a validation leaves behind is cleared (errors, schema, document); each rule's
/// visitor is reset and stays, bound to the context.
///
/// A session serves one validation at a time (it is out of the pool while in use), so it is
/// `@unchecked Sendable`. Only a validation with built-in rules alone returns its session to the
/// pool: a custom rule's visitor sees the context and could keep it.
final class ValidationSession: @unchecked Sendable {
  private let context: ValidationContext
  private let slots: VisitorSlots

  /// The most idle sessions a schema keeps (about as many as validations run at once).
  private static let idleLimit = 8

  private init(context: ValidationContext) {
    self.context = context
    slots = VisitorSlots(context: context)
  }

  /// Validates `document` with an idle session, or a new one, which then goes back to the pool.
  static func validate(
    schema: GraphQLSchema, document: Document, rules: [ValidationRule], maxErrors: Int,
    deadline: ContinuousClock.Instant?
  ) -> ValidationOutcome {
    let session: ValidationSession
    let index = schema.validationIndex
    if let kept = index.idleSessions.withLock({ $0.popLast() }) {
      kept.context.reuse(schema: schema, document: document, maxErrors: maxErrors, deadline: deadline)
      session = kept
    } else {
      session = ValidationSession(
        context: ValidationContext(
          schema: schema, document: document, maxErrors: maxErrors, deadline: deadline))
    }
    let outcome = session.run(document, rules: rules)
    session.finish(pooled: rules.allSatisfy { $0.reuseKey != nil }, into: index)
    return outcome
  }

  private func run(_ document: Document, rules: [ValidationRule]) -> ValidationOutcome {
    ValidationWalker(context: context, visitors: ValidationDispatchTable(rules, slots: slots)).walk(document)
    return ValidationOutcome(errors: context.errors, timedOut: context.timedOut)
  }

  /// Clears what the validation left and returns the session to its schema's pool, unless the
  /// pool is full or a custom rule took part. The cleared context holds no schema, so the pool
  /// does not keep its schema alive.
  private func finish(pooled: Bool, into index: SchemaValidationIndex) {
    guard pooled else { return }
    slots.keepReusable()
    context.clear()
    index.idleSessions.withLock { sessions in
      if sessions.count < Self.idleLimit { sessions.append(self) }
    }
  }
}
