/// Options as one value (the program's, a command's): each option is one ``OptionBinding`` to a
/// property whose initial value is its default.
package protocol ParsableOptions: Sendable {
  /// What completion hands the options' value types (see ``ValueType``).
  associatedtype Context
  /// The defaults: no option given.
  init()
  /// Every option, in the order help lists them.
  static var bindings: [OptionBinding<Self, Context>] { get }
}

extension ParsableOptions {
  /// The options as the parser, help and completion see them.
  package static var declarations: [OptionDeclaration<Context>] { bindings.map(\.declaration) }

  /// The defaults with the options in `given` set.
  package init(_ given: ParsedOptions) {
    self.init()
    apply(given)
  }

  /// Sets the options in `given`, in the order given (later ones win; a repeatable one adds).
  package mutating func apply(_ given: ParsedOptions) {
    for (name, word) in given.values {
      Self.bindings.first { $0.declaration.name == name }?.apply(word, &self)
    }
  }
}
