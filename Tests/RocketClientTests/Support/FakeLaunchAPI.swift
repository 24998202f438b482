import Foundation
import GraphQLAPI
import RocketClient
import Synchronization

/// A stand-in for the embedded backend's `handle`, answering the test operations by name with
/// API.md's rules (unique cursors, UNAUTHENTICATED, BAD_USER_INPUT, booking messages), state in
/// memory. Used until `LaunchBackend.handle` is merged into this branch.
final class FakeLaunchAPI: Sendable {
  private struct State {
    var tokens: [String: String] = [:]  // token -> email
    var trips: [String: [String]] = [:]  // email -> launch ids in booking order
  }

  /// Launch ids, newest first.
  let launchIDs: [String]
  private let state = Mutex(State())

  init(launchCount: Int = 30) {
    launchIDs = (1...launchCount).reversed().map(String.init)
  }

  /// The `InProcessTransport.Handler`.
  func handle(_ request: OperationRequest, authorization: String?) -> JSON {
    let caller = authorization.flatMap { token in state.withLock { $0.tokens[token] } }
    let variables = request.variables
    switch request.operationName {
    case "LaunchList": return launches(variables, caller: caller)
    case "Login": return login(variables["email"]?.stringValue)
    case "BookTrips", "CancelTrip":
      guard let caller else {
        let field = request.operationName == "BookTrips" ? "bookTrips" : "cancelTrip"
        return Self.response(
          errors: [Self.error("You must be logged in.", code: "UNAUTHENTICATED", path: [field])],
          data: .null)
      }
      if request.operationName == "BookTrips" {
        return book(variables["ids"]?.arrayValue?.compactMap(\.stringValue) ?? [], for: caller)
      }
      return cancel(variables["id"]?.stringValue ?? "", for: caller)
    case "Me":
      guard let caller else { return Self.response(data: .object(["me": .null])) }
      let trips = state.withLock { $0.trips[caller] ?? [] }
      let me: JSON = .object([
        "id": .string(caller), "email": .string(caller),
        "trips": .array(trips.map { .object(["id": .string($0)]) }),
      ])
      return Self.response(data: .object(["me": me]))
    case "TotalTripsBooked":
      let total = state.withLock { $0.trips.values.reduce(0) { $0 + $1.count } }
      return Self.response(data: .object(["totalTripsBooked": .int(total)]))
    default:
      return Self.response(errors: [Self.error("Unknown operation.", code: "GRAPHQL_VALIDATION_FAILED")])
    }
  }

  private func launches(_ variables: JSONObject, caller: String?) -> JSON {
    let size = variables["pageSize"]?.intValue ?? 20
    guard size >= 1 else {
      return Self.response(
        errors: [Self.error("pageSize must be at least 1", code: "BAD_USER_INPUT", path: ["launches"])],
        data: .null)
    }
    var start = 0
    if let after = variables["after"]?.stringValue {
      guard let index = launchIDs.firstIndex(of: String(after.dropFirst())) else {
        return Self.response(
          errors: [Self.error("unknown cursor", code: "BAD_USER_INPUT", path: ["launches"])], data: .null)
      }
      start = index + 1
    }
    let page = Array(launchIDs[start..<min(start + min(size, 100), launchIDs.count)])
    let booked = caller.map { caller in state.withLock { Set($0.trips[caller] ?? []) } } ?? []
    let cursor = page.last.map { "c" + $0 } ?? variables["after"]?.stringValue ?? ""
    let launches: [JSON] = page.map { id in
      .object([
        "id": .string(id), "site": .string("KSC LC 39A"),
        "mission": .object(["name": .string("Mission \(id)"), "missionPatch": .null]),
        "rocket": .object(["name": .string("Falcon 9"), "type": .string("FT")]),
        "isBooked": .bool(booked.contains(id)),
      ])
    }
    let connection: JSON = .object([
      "cursor": .string(cursor), "hasMore": .bool(start + page.count < launchIDs.count),
      "launches": .array(launches),
    ])
    return Self.response(data: .object(["launches": connection]))
  }

  private func login(_ email: String?) -> JSON {
    guard let email, email.split(separator: "@").count == 2, email.contains(".") else {
      return Self.response(
        errors: [Self.error("Invalid email.", code: "BAD_USER_INPUT", path: ["login"])],
        data: .object(["login": .null]))
    }
    let token = UUID().uuidString
    state.withLock { $0.tokens[token] = email }
    let user: JSON = .object(["id": .string(email), "email": .string(email), "token": .string(token)])
    return Self.response(data: .object(["login": user]))
  }

  private func book(_ ids: [String], for caller: String) -> JSON {
    let known = ids.filter(launchIDs.contains)
    let unknown = ids.filter { !launchIDs.contains($0) }
    state.withLock { state in
      for id in known where !(state.trips[caller] ?? []).contains(id) {
        state.trips[caller, default: []].append(id)
      }
    }
    let message =
      unknown.isEmpty
      ? "trips booked successfully"
      : "the following launches couldn't be booked: " + unknown.joined(separator: ",")
    return tripUpdate("bookTrips", success: unknown.isEmpty, message: message, ids: known)
  }

  private func cancel(_ id: String, for caller: String) -> JSON {
    let removed = state.withLock { state -> Bool in
      guard let index = state.trips[caller]?.firstIndex(of: id) else { return false }
      state.trips[caller]?.remove(at: index)
      return true
    }
    if removed { return tripUpdate("cancelTrip", success: true, message: "trip cancelled", ids: [id]) }
    return tripUpdate("cancelTrip", success: false, message: "failed to cancel trip", ids: [])
  }

  private func tripUpdate(_ field: String, success: Bool, message: String, ids: [String]) -> JSON {
    let launches: [JSON] = ids.map { .object(["id": .string($0), "isBooked": .bool(field == "bookTrips")]) }
    let update: JSON = .object([
      "success": .bool(success), "message": .string(message), "launches": .array(launches),
    ])
    return Self.response(data: .object([field: update]))
  }

  static func error(_ message: String, code: String, path: [String]? = nil) -> JSON {
    var object: JSONObject = ["message": .string(message)]
    if let path { object["path"] = .array(path.map { .string($0) }) }
    object["extensions"] = .object(["code": .string(code)])
    return .object(object)
  }

  static func response(errors: [JSON] = [], data: JSON? = nil) -> JSON {
    var object = JSONObject()
    if !errors.isEmpty { object["errors"] = .array(errors) }
    if let data { object["data"] = data }
    return .object(object)
  }
}
