import GraphQLWire
import Testing

@testable import GraphQL

/// `ResponsePath` keeps steps and builds `[PathComponent]` only when read, keeping what it built
/// for the next read: whatever the order of pushes, pops, reads and restarts, a read must give
/// exactly the path a plain array of components would hold.
@Suite struct ResponsePathTests {
  /// Plans of `Query.a`, `Query.b`, `Query.c` under aliases, for their response keys.
  static func plans() throws -> [FieldPlan] {
    let schema = try buildSchema("type Query { a: Int b: Int c: Int }")
    let query = schema.queryType
    return try ["a", "bee", "c"].map { key in
      let definition = try #require(query.fields[key == "bee" ? "b" : key])
      return FieldPlan(
        responseKey: key, separatedKeyBytes: Array(",\"\(key)\":".utf8), fieldNodes: [],
        definition: definition, parentType: query, resolution: nil,
        outputType: OutputType(definition.type, schema: schema), isTypename: false)
    }
  }

  @Test func readsMatchAPlainArrayThroughPushesPopsReadsAndRestarts() throws {
    let plans = try Self.plans()
    var path = ResponsePath()
    var expected: [PathComponent] = []
    // A fixed pseudo-random walk (a linear congruential generator), deep enough to grow the
    // steps' storage past its first capacity.
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<5_000 {
      switch next(10) {
      case 0...3:
        if expected.count < 40 {
          let plan = plans[next(plans.count)]
          path.push(.field(Unmanaged.passUnretained(plan)))
          expected.append(.key(plan.responseKey))
        }
      case 4...5:
        if expected.count < 40 {
          let index = next(100)
          path.push(.index(index))
          expected.append(.index(index))
        }
      case 6...7:
        // Pop only what this walk pushed on top of the last restart's base.
        if path.depth > 0 {
          path.pop()
          expected.removeLast()
        }
      case 8:
        let base: [PathComponent] = (0..<next(4)).map { $0 % 2 == 0 ? .key("deferred\($0)") : .index($0) }
        path.replace(with: base)
        expected = base
      default:
        #expect(path.components() == expected)
      }
      if next(3) == 0 { #expect(path.components() == expected) }
    }
    #expect(path.components() == expected)
    withExtendedLifetime(plans) {}
  }

  @Test func anEmptyPathReadsEmptyAndAStepReadsAsItsKeyOrIndex() throws {
    let plans = try Self.plans()
    var path = ResponsePath()
    #expect(path.components().isEmpty)
    path.push(.field(Unmanaged.passUnretained(plans[1])))
    path.push(.index(3))
    #expect(path.components() == [.key("bee"), .index(3)])
    path.pop()
    path.pop()
    #expect(path.components().isEmpty)
    withExtendedLifetime(plans) {}
  }
}
