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

  /// The visitors, in rule order.
  private let visitors: [any ValidationVisitor]
  /// Every event's visitors (indices into `visitors`), one event after another.
  private let order: ContiguousArray<UInt16>
  /// Where each event's visitors start in `order` (and, at the end, where the last ones end).
  private let starts: ContiguousArray<Int>

  /// For each callback bit, the events that make that callback (computed once per process).
  private static let eventsByCallback: [UInt32] = (0..<32).map { bit in
    var events: UInt32 = 0
    for event in Event.allCases where event.callbacks.rawValue & (1 << bit) != 0 {
      events |= 1 << event.rawValue
    }
    return events
  }
  private static let eventCount = Event.allCases.count

  init(_ visitors: [any ValidationVisitor]) {
    self.visitors = visitors
    // Each visitor's callbacks are asked once and turned into the events it takes part in; then
    // each event's members are a bit mask over the visitors (a slower path past 64 of them).
    // The static tables are read once (each read of a static goes through its one-time check).
    let eventCount = Self.eventCount
    let eventsByCallback = Self.eventsByCallback
    var members = ContiguousArray<UInt64>(repeating: 0, count: eventCount)
    var order = ContiguousArray<UInt16>()
    var starts = ContiguousArray<Int>(repeating: 0, count: eventCount + 1)
    if visitors.count <= 64 {
      for index in visitors.indices {
        var bits = visitors[index].callbacks.rawValue
        var events: UInt32 = 0
        while bits != 0 {
          events |= eventsByCallback[bits.trailingZeroBitCount]
          bits &= bits &- 1
        }
        while events != 0 {
          members[events.trailingZeroBitCount] |= 1 << UInt64(index)
          events &= events &- 1
        }
      }
      order.reserveCapacity(members.reduce(0) { $0 + $1.nonzeroBitCount })
      for event in 0..<eventCount {
        starts[event] = order.count
        var mask = members[event]
        while mask != 0 {
          order.append(UInt16(mask.trailingZeroBitCount))
          mask &= mask &- 1
        }
      }
    } else {
      let callbacks = visitors.map(\.callbacks)
      for event in Event.allCases {
        starts[event.rawValue] = order.count
        for index in callbacks.indices where !callbacks[index].isDisjoint(with: event.callbacks) {
          order.append(UInt16(truncatingIfNeeded: index))
        }
      }
    }
    starts[eventCount] = order.count
    self.order = order
    self.starts = starts
  }

  /// Calls `body` with each visitor of `event`, in rule order.
  @inline(__always)
  func each(_ event: Event, _ body: (any ValidationVisitor) -> Void) {
    var index = starts[event.rawValue]
    let end = starts[event.rawValue + 1]
    while index < end {
      body(visitors[Int(order[index])])
      index += 1
    }
  }
}
