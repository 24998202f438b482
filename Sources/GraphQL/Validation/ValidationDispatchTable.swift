/// The visitors of one validation grouped by the kind of node they act at, each group in rule
/// order: the walk calls a group's visitors at each node of its kind and no others (gqlparser's
/// observers per node kind). Built once per validation, in one array.
struct ValidationDispatchTable {
  /// The kinds of node the walk stops at, with the callbacks it makes there (in this order, for
  /// each visitor in turn: that order is the order of the errors).
  enum Event: Int, CaseIterable {
    case enterDocument, leaveDocument
    case enterOperation, leaveOperation, variableDefinition
    case enterFragmentDefinition, leaveFragmentDefinition
    case selectionSet, enterField, leaveField, fragmentSpread, inlineFragment
    case enterDirective, leaveDirective, directives, argument
    case enterValue, leaveValue, objectField, scalarValue, namedType

    var callbacks: ValidationCallbacks {
      switch self {
      case .enterDocument: .enterDocument
      case .leaveDocument: .leaveDocument
      case .enterOperation: [.enterOperation, .enterDirectives]
      case .leaveOperation: .leaveOperation
      case .variableDefinition: [.enterVariableDefinition, .enterDirectives]
      case .enterFragmentDefinition: [.enterFragmentDefinition, .enterDirectives]
      case .leaveFragmentDefinition: .leaveFragmentDefinition
      case .selectionSet: .enterSelectionSet
      case .enterField: [.enterField, .enterDirectives, .enterArguments]
      case .leaveField: .leaveField
      case .fragmentSpread: [.enterFragmentSpread, .enterDirectives]
      case .inlineFragment: [.enterInlineFragment, .enterDirectives]
      case .enterDirective: [.enterDirective, .enterArguments]
      case .leaveDirective: .leaveDirective
      case .directives: .enterDirectives
      case .argument: .enterArgument
      case .enterValue: .enterValue
      case .leaveValue: .leaveValue
      case .objectField: .enterObjectField
      case .scalarValue: [.enterValue, .leaveValue]
      case .namedType: .enterNamedType
      }
    }
  }

  /// Every event's visitors, one event after another.
  private let entries: ContiguousArray<any ValidationVisitor>
  /// Where each event's visitors start in `entries` (and, at the end, where the last ones end).
  private let starts: ContiguousArray<Int>

  /// Each event's callbacks, by the event's raw value (computed once per process).
  private static let eventCallbacks: [UInt32] = Event.allCases.map(\.callbacks.rawValue)

  init(_ visitors: [any ValidationVisitor]) {
    // Each visitor's callbacks are asked once; the grouping then works on the bits alone.
    var callbacks = ContiguousArray<UInt32>()
    callbacks.reserveCapacity(visitors.count)
    for visitor in visitors { callbacks.append(visitor.callbacks.rawValue) }
    let events = Self.eventCallbacks
    var starts = ContiguousArray<Int>(repeating: 0, count: events.count + 1)
    var total = 0
    for (event, mask) in events.enumerated() {
      starts[event] = total
      for has in callbacks where has & mask != 0 { total += 1 }
    }
    starts[events.count] = total
    var entries = ContiguousArray<any ValidationVisitor>()
    entries.reserveCapacity(total)
    for mask in events {
      for index in callbacks.indices where callbacks[index] & mask != 0 { entries.append(visitors[index]) }
    }
    self.entries = entries
    self.starts = starts
  }

  /// Calls `body` with each visitor of `event`, in rule order.
  @inline(__always)
  func each(_ event: Event, _ body: (any ValidationVisitor) -> Void) {
    var index = starts[event.rawValue]
    let end = starts[event.rawValue + 1]
    while index < end {
      body(entries[index])
      index += 1
    }
  }
}
