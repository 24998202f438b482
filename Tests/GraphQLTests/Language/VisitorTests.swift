import GraphQLWire
import Testing

@testable import GraphQL

@Suite struct VisitorTests {
  /// Records `enter X` / `leave X` lines for fields, selection sets, arguments and values.
  final class Log {
    var lines: [String] = []
  }

  private func tracingVisitor(_ log: Log, skipField: String? = nil, stopAtField: String? = nil) -> ASTVisitor
  {
    var visitor = ASTVisitor()
    visitor.field.enter = { field, _ in
      log.lines.append("enter field \(field.name.value)")
      if field.name.value == skipField { return .skip }
      if field.name.value == stopAtField { return .stop }
      return .continue
    }
    visitor.field.leave = { field, _ in log.lines.append("leave field \(field.name.value)") }
    visitor.argument.enter = { argument, _ in
      log.lines.append("enter argument \(argument.name.value)")
      return .continue
    }
    visitor.value.enter = { value, _ in
      log.lines.append("enter value \(print(value))")
      return .continue
    }
    return visitor
  }

  @Test func visitsDepthFirstInSourceOrderWithEnterAndLeave() throws {
    let log = Log()
    visit(try parse("{ a(x: [1, $v]) { b } c }"), tracingVisitor(log))
    #expect(
      log.lines == [
        "enter field a", "enter argument x", "enter value [1, $v]", "enter value 1", "enter value $v",
        "enter field b", "leave field b", "leave field a", "enter field c", "leave field c",
      ])
  }

  @Test func skipLeavesOutChildrenAndLeaveStopEndsTheWalk() throws {
    let skipped = Log()
    visit(try parse("{ a { b } c { d } }"), tracingVisitor(skipped, skipField: "a"))
    #expect(
      skipped.lines == ["enter field a", "enter field c", "enter field d", "leave field d", "leave field c"])

    let stopped = Log()
    visit(try parse("{ a { b } c { d } }"), tracingVisitor(stopped, stopAtField: "b"))
    #expect(stopped.lines == ["enter field a", "enter field b"])
  }

  @Test func parallelVisitorsSkipIndependently() throws {
    let first = Log()
    let second = Log()
    visit(
      try parse("{ a { b } c }"),
      inParallel: [tracingVisitor(first, skipField: "a"), tracingVisitor(second)])
    #expect(first.lines == ["enter field a", "enter field c", "leave field c"])
    #expect(
      second.lines == [
        "enter field a", "enter field b", "leave field b", "leave field a", "enter field c", "leave field c",
      ])
  }

  @Test func contextGivesTheAncestorKinds() throws {
    var parents: [String: ASTNodeKind?] = [:]
    var visitor = ASTVisitor()
    visitor.directive.enter = { directive, context in
      parents[directive.name.value] = context.parent
      return .continue
    }
    visit(
      try parse(
        """
        mutation M($v: Int @onVariable) @onOperation { f @onField { ... @onInline { g } ...F @onSpread } }
        fragment F on T @onFragment { g }
        """),
      visitor)
    #expect(parents["onVariable"] == .variableDefinition)
    #expect(parents["onOperation"] == .operationDefinition(.mutation))
    #expect(parents["onField"] == .field)
    #expect(parents["onInline"] == .inlineFragment)
    #expect(parents["onSpread"] == .fragmentSpread)
    #expect(parents["onFragment"] == .fragmentDefinition)
  }

  @Test func walksTypeSystemDefinitions() throws {
    var fieldNames: [String] = []
    var namedTypes: [String] = []
    var inputParents: [ASTNodeKind?] = []
    var visitor = ASTVisitor()
    visitor.fieldDefinition.enter = { field, _ in
      fieldNames.append(field.name.value)
      return .continue
    }
    visitor.namedType.enter = { named, _ in
      namedTypes.append(named.name.value)
      return .continue
    }
    visitor.inputValueDefinition.enter = { _, context in
      inputParents.append(context.parent)
      return .continue
    }
    let document = try parse(
      """
      type Query implements Node { launch(id: ID!): Launch }
      input Filter { site: String }
      extend type Query { me: User }
      union U = A | B
      """)
    visit(document, visitor)
    #expect(fieldNames == ["launch", "me"])
    #expect(namedTypes == ["Node", "ID", "Launch", "String", "User", "A", "B"])
    #expect(inputParents == [.fieldDefinition, .inputObjectTypeDefinition])
  }
}
