import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `serve`'s `GET /metrics` read by an independent parser (prometheus-client's, from PyPI, pinned
/// by the Makefile's test set-up): every family well-formed and named by Prometheus's
/// conventions, counters rising with real traffic (queries, errors, GET, APQ, a WebSocket
/// subscription), `--metrics-address` moving the endpoint to a listener of its own that the main
/// address's per-address connection budget does not reach, and `--no-metrics`.
@Suite(.serialized) struct ServeMetricsTests {
  /// Every family a scrape has, as the parser names them (a counter without its `_total`).
  static let families: Set<String> = [
    "process_cpu_seconds", "process_resident_memory_bytes", "process_virtual_memory_bytes",
    "process_open_fds",
    "process_max_fds", "process_start_time_seconds",
    "rocket_reserver_document_cache_lookups", "rocket_reserver_document_cache_entries",
    "rocket_reserver_apq_lookups", "rocket_reserver_apq_registrations",
    "rocket_reserver_db_pool_max_connections", "rocket_reserver_db_pool_connections",
    "rocket_reserver_db_pool_waits", "rocket_reserver_db_pool_timeouts",
    "rocket_reserver_db_connect_failures",
    "rocket_reserver_event_feed_subscribers", "rocket_reserver_event_feed_lag_seconds",
    "rocket_reserver_event_feed_delivered_events", "rocket_reserver_event_feed_read_failures",
    "rocket_reserver_graphql_requests", "rocket_reserver_graphql_request_duration_seconds",
    "rocket_reserver_graphql_errors", "rocket_reserver_graphql_subscriptions",
    "rocket_reserver_graphql_websockets",
    "rocket_reserver_http_requests", "rocket_reserver_http_request_duration_seconds",
    "rocket_reserver_http_received_bytes", "rocket_reserver_http_sent_bytes",
    "rocket_reserver_executor_queue_wait_seconds", "rocket_reserver_http_open_connections",
    "rocket_reserver_http_connections_accepted", "rocket_reserver_http_connections_refused",
    "rocket_reserver_http_head_timeouts", "rocket_reserver_http_requests_in_flight",
    "rocket_reserver_http_streams_open", "rocket_reserver_executor_threads",
    "rocket_reserver_executor_running", "rocket_reserver_executor_inline",
    "rocket_reserver_executor_inline_overruns",
    "rocket_reserver_executor_queued", "rocket_reserver_websocket_received_bytes",
    "rocket_reserver_websocket_sent_bytes",
  ]

  @Test func scrapeIsWellFormedAndCountersRiseWithTraffic() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-metrics")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let metricsURL = try #require(URL(string: "/metrics", relativeTo: server.endpoint))
    let first = try await TestHTTP.send(metricsURL)
    #expect(first.status == 200)
    #expect(first.headers["content-type"] == "text/plain; version=0.0.4; charset=utf-8")
    let before = try Self.parse(first.text)
    Self.expectWellFormed(before)
    #expect(Set(before.map(\.name)).isSuperset(of: Self.families))

    for _ in 0..<3 {
      let (status, _) = try await server.send("query LaunchList { launches(pageSize: 2) { cursor } }")
      #expect(status == 200)
    }
    // A mutation whose field fails (UNAUTHENTICATED), a document that does not parse, a GET.
    _ = try await server.send(#"mutation BookTrips { bookTrips(launchIds: ["1"]) { success } }"#)
    _ = try await server.send("{")
    let getURL = try #require(URL(string: "/graphql?query=%7B__typename%7D", relativeTo: server.endpoint))
    #expect(try await TestHTTP.send(getURL).status == 200)
    // Automatic persisted queries: a miss, a registration, a hit.
    let text = "{ totalTripsBooked }"
    let hash = SHA256.hexDigest(text)
    let persisted = #"{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}"#
    _ = try await server.post(#"{"extensions":\#(persisted)}"#)
    _ = try await server.post(#"{"query":"\#(text)","extensions":\#(persisted)}"#)
    _ = try await server.post(#"{"extensions":\#(persisted)}"#)

    // A WebSocket subscription, open while scraping.
    let port = server.port
    let client = try WebSocketTestClient(port: port, subprotocols: "graphql-transport-ws")
    client.send(text: #"{"type":"connection_init","payload":{}}"#)
    #expect(client.receive() == .text(#"{"type":"connection_ack"}"#))
    client.send(
      text:
        #"{"id":"1","type":"subscribe","payload":{"query":"subscription TripsBooked { tripsBooked }","operationName":"TripsBooked"}}"#
    )
    var during: [Family] = []
    let deadline = Date().addingTimeInterval(30)
    repeat {
      during = try Self.parse(try await TestHTTP.send(metricsURL).text)
      // A scrape is no snapshot: the request counter, the subscriptions gauge and the event
      // feed's subscribers rise one after another as the subscription starts.
      if Self.value(during, "rocket_reserver_graphql_subscriptions") == 1,
        Self.value(during, "rocket_reserver_event_feed_subscribers") == 1,
        Self.value(
          during, "rocket_reserver_graphql_requests_total",
          ["operation": "TripsBooked", "status": "ok", "transport": "websocket"]) == 1
      {
        break
      }
      try await Task.sleep(for: .milliseconds(50))
    } while Date() < deadline
    Self.expectWellFormed(during)
    #expect(Self.value(during, "rocket_reserver_graphql_subscriptions") == 1)
    #expect(Self.value(during, "rocket_reserver_graphql_websockets") == 1)
    #expect(Self.value(during, "rocket_reserver_event_feed_subscribers") == 1)
    #expect(Self.value(during, "rocket_reserver_event_feed_lag_seconds") == 0)
    #expect(
      Self.value(
        during, "rocket_reserver_graphql_requests_total",
        ["operation": "TripsBooked", "status": "ok", "transport": "websocket"]) == 1)

    let requests = "rocket_reserver_graphql_requests_total"
    #expect(
      Self.value(during, requests, ["operation": "LaunchList", "status": "ok", "transport": "post"]) == 3)
    #expect(
      Self.value(during, requests, ["operation": "BookTrips", "status": "field_errors", "transport": "post"])
        == 1)
    #expect(
      Self.value(
        during, requests, ["operation": "anonymous", "status": "request_error", "transport": "post"]) == 1)
    #expect(
      Self.value(during, requests, ["operation": "anonymous", "status": "ok", "transport": "get"]) == 1)
    #expect(
      Self.value(
        during, requests, ["operation": "anonymous", "status": "persisted_query_miss", "transport": "post"])
        == 1)
    #expect(Self.value(during, "rocket_reserver_graphql_errors_total", ["code": "UNAUTHENTICATED"]) == 1)
    #expect(Self.value(during, "rocket_reserver_graphql_errors_total", ["code": "GRAPHQL_PARSE_FAILED"]) == 1)
    #expect(
      Self.value(during, "rocket_reserver_graphql_errors_total", ["code": "PERSISTED_QUERY_NOT_FOUND"]) == 1)
    #expect(Self.value(during, "rocket_reserver_apq_lookups_total", ["result": "miss"]) == 1)
    #expect(Self.value(during, "rocket_reserver_apq_lookups_total", ["result": "hit"]) == 1)
    #expect(Self.value(during, "rocket_reserver_apq_registrations_total") == 1)
    // The second and third LaunchList found their document in the cache.
    #expect(Self.value(during, "rocket_reserver_document_cache_lookups_total", ["result": "hit"]) ?? 0 >= 2)
    #expect(
      Self.value(during, "rocket_reserver_graphql_request_duration_seconds_count", ["transport": "post"]) ?? 0
        >= 8)
    for counter in [
      "rocket_reserver_http_received_bytes_total", "rocket_reserver_http_sent_bytes_total",
      "rocket_reserver_http_connections_accepted_total", "process_cpu_seconds_total",
      "rocket_reserver_websocket_received_bytes_total", "rocket_reserver_websocket_sent_bytes_total",
    ] {
      #expect(Self.value(during, counter) ?? 0 > Self.value(before, counter) ?? 0, "\(counter) did not rise")
    }
    #expect(
      Self.value(during, "rocket_reserver_http_requests_total", ["code": "200"]) ?? 0
        >= (Self.value(before, "rocket_reserver_http_requests_total", ["code": "200"]) ?? 0) + 8)
    #expect(Self.value(during, "rocket_reserver_http_open_connections", ["kind": "long_lived"]) == 1)
    // Every execution ran on the executor but the LaunchLists after the first: cached and cheap,
    // they ran on the thread that read them (the second at least: only an inline answer that
    // took long, on a loaded machine, could send the third to the executor).
    let inline = Self.value(during, "rocket_reserver_executor_inline_total") ?? 0
    #expect(inline >= 1)
    #expect((Self.value(during, "rocket_reserver_executor_queue_wait_seconds_count") ?? 0) + inline >= 8)
    #expect(Self.value(during, "process_resident_memory_bytes") ?? 0 > 1_000_000)
    #expect(Self.value(during, "process_open_fds") ?? 0 > 3)
    let started = try #require(Self.value(during, "process_start_time_seconds"))
    #expect(abs(started - Date().timeIntervalSince1970) < 600)
  }

  @Test func metricsAddressMovesTheEndpointPastTheMainBudget() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-metrics-address")
    let server = try ServeProcess(
      dataDirectory: directory.child("data"),
      options: ["--metrics-address", "127.0.0.1:0", "--max-connections-per-ip", "1"], json: true)
    let metricsURL = try #require(server.metricsURL)
    #expect(metricsURL.port != server.endpoint.port)
    // The main address holds its one connection for this client address: a second is refused
    // there, while the metrics listener still answers the same address.
    let held = try RawHTTPConnection(port: server.port)
    held.send("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(held.readResponse()?.status == 404)
    let refused = try RawHTTPConnection(
      port: server.port)
    #expect(refused.closedWithin(milliseconds: 5000))
    // The client can see the refused connection closed an instant before the server has counted
    // it closed (libmicrohttpd closes the socket, then tells the server): scrape until it has.
    var scrape = try await TestHTTP.send(metricsURL)
    var families = try Self.parse(scrape.text)
    let deadline = Date().addingTimeInterval(10)
    while Self.value(families, "rocket_reserver_http_open_connections", ["kind": "ordinary"]) != 1,
      Date() < deadline
    {
      try await Task.sleep(for: .milliseconds(20))
      scrape = try await TestHTTP.send(metricsURL)
      families = try Self.parse(scrape.text)
    }
    #expect(scrape.status == 200)
    Self.expectWellFormed(families)
    #expect(Self.value(families, "rocket_reserver_http_requests_total", ["code": "404"]) == 1)
    #expect(Self.value(families, "rocket_reserver_http_open_connections", ["kind": "ordinary"]) == 1)
    // The metrics listener serves nothing else.
    let graphQL = try #require(URL(string: "/graphql", relativeTo: metricsURL))
    #expect(try await TestHTTP.send(graphQL).status == 404)
  }

  @Test func noMetricsAnswersNoMetrics() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-no-metrics")
    let server = try ServeProcess(dataDirectory: directory.child("data"), options: ["--no-metrics"])
    let metricsURL = try #require(URL(string: "/metrics", relativeTo: server.endpoint))
    #expect(try await TestHTTP.send(metricsURL).status == 404)
    let (status, _) = try await server.send("{ totalTripsBooked }")
    #expect(status == 200)
  }

  @Test(arguments: ["9464", "::1:9464", "127.0.0.1:99999", "127.0.0.1:"])
  func badMetricsAddressIsAUsageError(value: String) throws {
    let result = try runProcess(BuiltProduct.rocketReserver, ["serve", "--metrics-address", value])
    #expect(result.status == 2)
    #expect(result.standardError.contains("--metrics-address needs HOST:PORT"))
  }

  // MARK: - Reading scrapes

  struct Sample {
    var name: String
    var labels: [String: String]
    var value: Double
  }

  struct Family {
    var name: String
    var type: String
    var help: String
    var samples: [Sample]
  }

  /// The folder the Makefile's test set-up installs the pinned Python peers into.
  static var pythonPeers: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(".build/python-peers")
  }

  /// `text` as prometheus-client's parser reads it.
  static func parse(_ text: String) throws -> [Family] {
    let peer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Peers/prometheus_parse.py")
    #expect(
      FileManager.default.fileExists(atPath: pythonPeers.appendingPathComponent("prometheus_client").path),
      "prometheus-client is not installed under .build/python-peers: run make test-deps")
    let result = try runProcess(
      URL(fileURLWithPath: "/usr/bin/python3"), [peer.path], environment: ["PYTHONPATH": pythonPeers.path],
      input: text)
    try #require(result.status == 0, "the parser refused the scrape: \(result.standardError)\n\(text)")
    let decoded = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
    return decoded.map { family in
      Family(
        name: family["name"] as? String ?? "", type: family["type"] as? String ?? "",
        help: family["help"] as? String ?? "",
        samples: (family["samples"] as? [[String: Any]] ?? []).map { sample in
          Sample(
            name: sample["name"] as? String ?? "", labels: sample["labels"] as? [String: String] ?? [:],
            value: (sample["value"] as? NSNumber)?.doubleValue ?? .nan)
        })
    }
  }

  /// Every family has help and a known type, a name of the project's prefixes and Prometheus's
  /// unit suffixes, and samples named as its type asks; histograms' buckets are cumulative.
  static func expectWellFormed(_ families: [Family]) {
    #expect(Set(families.map(\.name)).count == families.count, "a family appears twice")
    let validName = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/
    for family in families {
      #expect(!family.help.isEmpty, "\(family.name) has no HELP")
      #expect(["counter", "gauge", "histogram"].contains(family.type), "\(family.name) is \(family.type)")
      #expect(
        family.name.hasPrefix("rocket_reserver_") || family.name.hasPrefix("process_"), "\(family.name)")
      #expect(family.name.wholeMatch(of: validName) != nil, "\(family.name)")
      if family.name.contains("seconds") { #expect(family.name.hasSuffix("_seconds"), "\(family.name)") }
      if family.name.contains("bytes") { #expect(family.name.hasSuffix("_bytes"), "\(family.name)") }
      for sample in family.samples {
        #expect(sample.value.isFinite && sample.value >= 0, "\(sample.name) = \(sample.value)")
        switch family.type {
        case "counter": #expect(sample.name == family.name + "_total", "\(sample.name)")
        case "histogram":
          #expect(
            ["_bucket", "_sum", "_count"].map { family.name + $0 }.contains(sample.name), "\(sample.name)")
        default: #expect(sample.name == family.name, "\(sample.name)")
        }
      }
      if family.type == "histogram" {
        #expect(family.name.hasSuffix("_seconds"), "\(family.name)")
        let buckets = family.samples.filter { $0.name.hasSuffix("_bucket") }
        let series = Dictionary(grouping: buckets) { $0.labels.filter { $0.key != "le" } }
        for (labels, buckets) in series {
          let values = buckets.map(\.value)
          #expect(values == values.sorted(), "\(family.name) \(labels) is not cumulative")
          let count = family.samples.first { $0.name.hasSuffix("_count") && $0.labels == labels }?.value
          #expect(buckets.last?.labels["le"] == "+Inf" && buckets.last?.value == count, "\(family.name)")
        }
      }
    }
  }

  /// The value of the sample named `name` with exactly `labels`, if the scrape has it.
  static func value(_ families: [Family], _ name: String, _ labels: [String: String] = [:]) -> Double? {
    for family in families {
      if let sample = family.samples.first(where: { $0.name == name && $0.labels == labels }) {
        return sample.value
      }
    }
    return nil
  }
}
