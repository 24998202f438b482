import Foundation
import GraphQLAPI
import GraphQLWire
import RocketReserverAPI
import TestSupport
import Testing

@testable import RocketClient

/// Normalizing random responses of every operation in `Operations/` and reading them back
/// gives the same `data` (through each store: `NormalizedCacheBehaviourTests`).
@Suite struct NormalizationRoundTripTests {
  /// One operation under test: its metadata and a few variable sets.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var operations: [CacheableOperation]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "LaunchList",
      operations: [
        CacheableOperation(LaunchListQuery()),
        CacheableOperation(LaunchListQuery(pageSize: .some(5), after: .some("c9"))),
        CacheableOperation(LaunchListQuery(pageSize: .null, after: .null)),
      ]),
    Case(
      name: "LaunchDetails", operations: ["1", "42"].map { CacheableOperation(LaunchDetailsQuery(id: $0)) }),
    Case(name: "Me", operations: [CacheableOperation(MeQuery())]),
    Case(name: "TotalTripsBooked", operations: [CacheableOperation(TotalTripsBookedQuery())]),
    Case(name: "BookTrips", operations: [CacheableOperation(BookTripsMutation(ids: ["1", "2"]))]),
    Case(name: "CancelTrip", operations: [CacheableOperation(CancelTripMutation(id: "3"))]),
  ]

  static let seeds: [UInt64] = Array(1...150)

  @Test(arguments: cases) func normalizeThenReadGivesTheSameData(_ testCase: Case) throws {
    for operation in testCase.operations {
      for seed in Self.seeds {
        let data = RandomResponse(seed: seed, keyedTypes: operation.keyedTypes).data(operation.selections)
        var normalizer = ResponseNormalizer(keyedTypes: operation.keyedTypes, variables: operation.variables)
        normalizer.normalize(data, selections: operation.selections, rootKey: operation.rootKey)
        let records = normalizer.records
        var reader = CacheReader(variables: operation.variables) { key in records[key].map { ($0, 0) } }
        let read = reader.read(operation.selections, rootKey: operation.rootKey)
        #expect(reader.missing == [], "seed \(seed)")
        #expect(read == data, "seed \(seed): \(JSON.object(data).encodedString)")
        if read != data { return }
      }
    }
  }

  @Test func theLoginResultIsReadBackWithoutItsToken() throws {
    let operation = CacheableOperation(LoginMutation(email: "a@example.com"))
    for seed in Self.seeds.prefix(40) {
      let data = RandomResponse(seed: seed, keyedTypes: operation.keyedTypes).data(operation.selections)
      var normalizer = ResponseNormalizer(keyedTypes: operation.keyedTypes, variables: operation.variables)
      normalizer.normalize(data, selections: operation.selections, rootKey: operation.rootKey)
      #expect(!normalizer.records.values.contains { $0.fields["token"] != nil })
      let records = normalizer.records
      var reader = CacheReader(variables: operation.variables) { key in records[key].map { ($0, 0) } }
      _ = reader.read(operation.selections, rootKey: operation.rootKey)
      if case .object(let user)? = data["login"] {
        #expect(reader.missing == ["User:\(user["id"]?.stringValue ?? "").token"])
      } else {
        #expect(reader.missing == [])
      }
    }
  }
}
