/// The callbacks of `ValidationVisitor` one visitor implements. The walk looks at them once per
/// validation and then calls, at each node, only the visitors that have something to do there
/// (as gqlparser registers each rule's observers per kind of node), instead of every rule's empty
/// default at every node.
public struct ValidationCallbacks: OptionSet, Sendable {
  public let rawValue: UInt32

  public init(rawValue: UInt32) { self.rawValue = rawValue }

  public static let enterDocument = Self(rawValue: 1 << 0)
  public static let leaveDocument = Self(rawValue: 1 << 1)
  public static let enterOperation = Self(rawValue: 1 << 2)
  public static let leaveOperation = Self(rawValue: 1 << 3)
  public static let enterVariableDefinition = Self(rawValue: 1 << 4)
  public static let enterFragmentDefinition = Self(rawValue: 1 << 5)
  public static let leaveFragmentDefinition = Self(rawValue: 1 << 6)
  public static let enterSelectionSet = Self(rawValue: 1 << 7)
  public static let enterField = Self(rawValue: 1 << 8)
  public static let leaveField = Self(rawValue: 1 << 9)
  public static let enterFragmentSpread = Self(rawValue: 1 << 10)
  public static let enterInlineFragment = Self(rawValue: 1 << 11)
  public static let enterDirective = Self(rawValue: 1 << 12)
  public static let leaveDirective = Self(rawValue: 1 << 13)
  public static let enterDirectives = Self(rawValue: 1 << 14)
  public static let enterArguments = Self(rawValue: 1 << 15)
  public static let enterArgument = Self(rawValue: 1 << 16)
  public static let enterValue = Self(rawValue: 1 << 17)
  public static let leaveValue = Self(rawValue: 1 << 18)
  public static let enterObjectField = Self(rawValue: 1 << 19)
  public static let enterNamedType = Self(rawValue: 1 << 20)
  /// Every callback: what a visitor that does not say gets.
  public static let all = Self(rawValue: (1 << 21) - 1)
}
