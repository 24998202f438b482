/// The visitors of one validation grouped by the kind of node they act at, each group in rule
/// order: the walk calls a group's visitors at each node of its kind and no others (gqlparser's
/// observers per node kind).
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

  /// The rules, in order, and the visitor made for each so far (nil: not needed yet).
  private let rules: [ValidationRule]
  private let slots: VisitorSlots
  private let plan: ValidationDispatchPlan

  /// Plans the dispatch of `rules` (once per process for `specifiedRules`, whose callbacks are
  /// known without making their visitors) and makes each rule's visitor only when the walk first
  /// reaches a node the rule acts at: a document without fragments never makes the fragment
  /// rules' visitors, for example. A rule that does not say its callbacks up front has its
  /// visitor made at once, to ask. `slots` may hold stateless visitors kept from earlier
  /// validations (`ValidationSession`).
  init(_ rules: [ValidationRule], slots: VisitorSlots) {
    self.rules = rules
    self.slots = slots
    slots.prepare(for: rules)
    if let plan = ValidationDispatchPlan.specified, plan.matches(rules) {
      self.plan = plan
    } else {
      var callbacks: [ValidationCallbacks] = []
      callbacks.reserveCapacity(rules.count)
      for index in rules.indices {
        if let known = rules[index].callbacks {
          callbacks.append(known)
        } else {
          callbacks.append(slots.visitor(index, rules).callbacks)
        }
      }
      plan = ValidationDispatchPlan(callbacks)
    }
  }

  /// Calls `body` with each visitor of `event`, in rule order.
  @inline(__always)
  func each(_ event: Event, _ body: (any ValidationVisitor) -> Void) {
    var index = plan.starts[event.rawValue]
    let end = plan.starts[event.rawValue + 1]
    while index < end {
      body(slots.visitor(Int(plan.order[index]), rules))
      index += 1
    }
  }
}

/// The visitors of one validation, made on demand; a reusable rule's visitor is reset and kept
/// for the next validation with the same context (`ValidationSession`).
final class VisitorSlots {
  // One validation on one thread, and no callback reaches back into the slots while another
  // runs: the dynamic exclusivity check of every read would cost more than the calls it guards.
  @exclusivity(unchecked) private var visitors: ContiguousArray<(any ValidationVisitor)?> = []
  /// The kept visitors (nil: dropped after the validation), and their `ValidationRule.reuseKey`.
  @exclusivity(unchecked) private var kept:
    ContiguousArray<(visitor: ContextVisitor, key: ObjectIdentifier)?> = []
  // The session that owns these slots owns the context too, and the slots use it only while it
  // validates.
  unowned(unsafe) let context: ValidationContext

  init(context: ValidationContext) { self.context = context }

  /// Keeps the visitors made for the rules `rules` has at the same places, drops the others.
  func prepare(for rules: [ValidationRule]) {
    if visitors.count != rules.count {
      visitors = ContiguousArray(repeating: nil, count: rules.count)
      kept = ContiguousArray(repeating: nil, count: rules.count)
      return
    }
    for index in rules.indices where kept[index] != nil && kept[index]?.key != rules[index].reuseKey {
      visitors[index] = nil
      kept[index] = nil
    }
  }

  /// Resets the reusable visitors and drops the others (and with them any hold on the context).
  func keepReusable() {
    for index in visitors.indices {
      if let kept = kept[index] {
        kept.visitor.reset()
      } else {
        visitors[index] = nil
      }
    }
  }

  @inline(__always)
  func visitor(_ index: Int, _ rules: [ValidationRule]) -> any ValidationVisitor {
    if let visitor = visitors[index] { return visitor }
    return make(index, rules)
  }

  @inline(never)
  private func make(_ index: Int, _ rules: [ValidationRule]) -> any ValidationVisitor {
    let visitor = rules[index].makeVisitor(context)
    visitors[index] = visitor
    if let key = rules[index].reuseKey, let reusable = visitor as? ContextVisitor {
      kept[index] = (reusable, key)
    }
    return visitor
  }
}

/// Which rules take part in each event (`ValidationDispatchTable.Event`), computed from the
/// rules' callbacks alone: the same for every validation with the same rules.
final class ValidationDispatchPlan: Sendable {
  /// Each rule's callbacks, in rule order.
  let callbacks: [ValidationCallbacks]
  /// Every event's rules (indices into the rules), one event after another.
  let order: [UInt16]
  /// Where each event's rules start in `order` (and, at the end, where the last ones end).
  let starts: [Int]

  /// The plan of `specifiedRules`, made once (nil if one of them did not say its callbacks).
  static let specified: ValidationDispatchPlan? = {
    let callbacks = specifiedRules.compactMap(\.callbacks)
    return callbacks.count == specifiedRules.count ? ValidationDispatchPlan(callbacks) : nil
  }()

  init(_ callbacks: [ValidationCallbacks]) {
    self.callbacks = callbacks
    let events = ValidationDispatchTable.Event.allCases
    var order: [UInt16] = []
    var starts: [Int] = []
    for event in events {
      starts.append(order.count)
      for index in callbacks.indices where !callbacks[index].isDisjoint(with: event.callbacks) {
        order.append(UInt16(truncatingIfNeeded: index))
      }
    }
    starts.append(order.count)
    self.order = order
    self.starts = starts
  }

  /// Whether this plan is that of `rules` (their callbacks, known up front, are this plan's).
  func matches(_ rules: [ValidationRule]) -> Bool {
    guard rules.count == callbacks.count else { return false }
    for index in rules.indices where rules[index].callbacks != callbacks[index] { return false }
    return true
  }
}
