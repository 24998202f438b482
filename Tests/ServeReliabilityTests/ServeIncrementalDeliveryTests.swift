import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// `@defer` end to end through a real `serve` process: what needs the database (`me { trips }`,
/// `isBooked`) deferred behind a login, answered as `multipart/mixed` in both formats, read
/// from a raw socket and parsed here.
@Suite(.serialized) struct ServeIncrementalDeliveryTests {
  static let query =
    #"{ launch(id: \"1\") { id ... @defer { isBooked } } me { email ... @defer(label: \"trips\") { trips { id } } } }"#

  /// The answer to ``query`` as a client accepting `accept` sees it on a connection of its own:
  /// the head, and the body with the chunked coding undone.
  static func post(_ server: ServeProcess, accept: String, token: String) async throws -> HTTPAnswer {
    try await server.post(#"{"query":"\#(query)"}"#, token: token, headers: ["Accept": accept], over: .socket)
  }

  /// The JSON objects of a multipart body with boundary `-`, and whether it closed properly.
  static func parts(_ body: [UInt8]) -> (parts: [[String: Any]], closed: Bool) {
    let text = String(decoding: body, as: UTF8.self)
    let close = "\r\n-----\r\n"
    let closed = text.hasSuffix(close)
    // (Counted in characters on both sides: "\r\n" is one.)
    let pieces = String(text.dropLast(closed ? close.count : 0)).components(separatedBy: "\r\n---\r\n")
      .dropFirst()
    let parts = pieces.compactMap { piece -> [String: Any]? in
      guard piece.hasPrefix("content-type: application/json; charset=utf-8\r\n\r\n") else { return nil }
      let json = piece.dropFirst("content-type: application/json; charset=utf-8\r\n\r\n".count)
      return try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    }
    return (parts, closed && parts.count == pieces.count)
  }

  @Test func deferredDatabaseFieldsArriveAfterTheFirstPartInBothFormats() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-defer")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let ada = try await server.logIn("ada@example.com")
    _ = try await server.send(
      "mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success } }",
      variables: ["ids": .array([.string("1")])],
      token: ada)

    // Apollo iOS's format: the first part has the fields that need no database round trip.
    let apollo = try await Self.post(
      server, accept: "multipart/mixed;deferSpec=20220824,application/json", token: ada)
    #expect(apollo.head.contains(#"Content-Type: multipart/mixed; boundary="-"; deferSpec=20220824"#))
    let (parts, closed) = Self.parts(apollo.body)
    #expect(closed)
    #expect(parts.count >= 2)
    let first = try #require(parts.first)
    #expect(first["hasNext"] as? Bool == true)
    #expect(try sortedJSONText(first["data"]) == #"{"launch":{"id":"1"},"me":{"email":"ada@example.com"}}"#)
    #expect(parts.last?["hasNext"] as? Bool == false)
    for part in parts {
      #expect(part["hasNext"] is Bool && (part["data"] != nil || part["incremental"] is [Any]), "\(part)")
    }
    let entries = try parts.dropFirst().flatMap { part in
      try ((part["incremental"] as? [[String: Any]]) ?? []).map { try sortedJSONText($0) }
    }
    #expect(
      Set(entries) == [
        #"{"data":{"isBooked":true},"path":["launch"]}"#,
        #"{"data":{"trips":[{"id":"1"}]},"label":"trips","path":["me"]}"#,
      ])

    // graphql-js 17's format: the same split, announced by id.
    let v02 = try await Self.post(server, accept: "multipart/mixed;incrementalSpec=v0.2", token: ada)
    #expect(v02.head.contains(#"Content-Type: multipart/mixed; boundary="-"; incrementalSpec=v0.2"#))
    let (v02Parts, v02Closed) = Self.parts(v02.body)
    #expect(v02Closed)
    #expect(
      try sortedJSONText(v02Parts.first?["pending"])
        == #"[{"id":"0","path":["launch"]},{"id":"1","label":"trips","path":["me"]}]"#)
    let completed = v02Parts.dropFirst().flatMap { ($0["completed"] as? [[String: Any]]) ?? [] }
    #expect(Set(completed.compactMap { $0["id"] as? String }) == ["0", "1"])
  }
}

/// A JSON value as text with sorted keys, for comparing parsed parts.
private func sortedJSONText(_ value: Any?) throws -> String {
  guard let value else { return "null" }
  let data = try JSONSerialization.data(
    withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
  return String(decoding: data, as: UTF8.self)
}
