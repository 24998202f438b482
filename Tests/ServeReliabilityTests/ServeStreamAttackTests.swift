import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// Attacks on `serve`'s streams, by raw-socket peers (`Tests/Peers/stream_attacks.py`,
/// Python's standard library only): a WebSocket flood beside a subscriber that must not notice,
/// and a thousand subscribers that read while bookings come as fast as they can.
@Suite(.serialized)
struct ServeStreamAttackTests {
  static let peer = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Peers/stream_attacks.py")

  /// Runs the peer and decodes the JSON object it prints last.
  static func runPeer(_ arguments: [String]) throws -> JSON {
    let result = try runProcess(URL(fileURLWithPath: "/usr/bin/python3"), [peer.path] + arguments)
    let last = result.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
    guard result.status == 0, let json = try? JSON(parsing: last) else {
      Issue.record("the peer failed (\(result.status)): \(result.standardError.suffix(2000))")
      return .null
    }
    return json
  }

  @Test func aPingFloodForTwentySecondsNeitherGrowsServeNorDelaysAnotherSubscriber() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-flood")
    let server = try ServeProcess(
      dataDirectory: directory.child("data"), options: ["--max-connections-per-ip", "0"])
    let pid = Int(server.process.processIdentifier)
    let cpuBefore = try processCPUSeconds(pid)
    let figures = try Self.runPeer(["flood", server.endpoint.absoluteString, String(pid), "20"])
    let cpu = try processCPUSeconds(pid) - cpuBefore
    print(
      "ping flood, 20 s: \(String(decoding: figures.encoded(), as: UTF8.self)); serve used \(cpu) s of CPU")
    // Every booking's event reached the other subscriber, in order, promptly, all along.
    #expect(figures["in_order"] == .bool(true))
    #expect(figures["subscriber_closed"] == .null)
    let p99 = figures["p99_ms"]?.number ?? .infinity
    #expect(p99 <= 100, "p99 from commit to delivery was \(p99) ms during the flood")
    let rss = figures["max_rss_mib"]?.number ?? .infinity
    #expect(rss < 100, "serve's RSS reached \(rss) MiB")
    // The flood really happened: the flooders were closed and came back many times.
    let flooders = figures["flooders"]?.arrayValue ?? []
    #expect(flooders.count == 2)
    for flooder in flooders {
      #expect((flooder["connections"]?.intValue ?? 0) >= 2)
      #expect((flooder["bytes"]?.intValue ?? 0) > 10 << 20)
    }
    // Memory is given back once they are gone.
    #expect(await waitUntil(within: .seconds(10)) { ((try? processRSSMiB(pid)) ?? .infinity) < 60 })
  }

  @Test func aThousandReadingSubscribersGetEveryEventOfAnUnpacedStorm() throws {
    let directory = try TemporaryDirectory(prefix: "serve-fanout")
    let server = try ServeProcess(
      dataDirectory: directory.child("data"), options: ["--max-connections-per-ip", "0"])
    let figures = try Self.runPeer(["fanout", server.endpoint.absoluteString, "1000", "8", "4"])
    print("1,000 subscribers, unpaced storm: \(String(decoding: figures.encoded(), as: UTF8.self))")
    let events = figures["events"]?.intValue ?? 0
    #expect(events >= 100)
    #expect(figures["complete"] == .int(1000))
    #expect(figures["ended"] == .int(0))
    #expect(figures["distinct_sequences"] == .int(1))
    #expect(figures["sums"] == .array([figures["committed_sum"] ?? .null]))
  }
}

extension JSON {
  /// An int or a float as a Double.
  fileprivate var number: Double? {
    switch self {
    case .int(let value): Double(value)
    case .double(let value): value
    default: nil
    }
  }
}

/// User plus system CPU seconds a process has used (`/proc/PID/stat`).
func processCPUSeconds(_ pid: Int) throws -> Double {
  let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
  guard let close = stat.lastIndex(of: ")") else { return 0 }
  let fields = stat[stat.index(after: close)...].split(separator: " ")
  let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
  return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// A process's resident memory in MiB (`/proc/PID/status`).
func processRSSMiB(_ pid: Int) throws -> Double {
  let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
  for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
    return (Double(line.split(separator: " ")[1]) ?? 0) / 1024
  }
  return 0
}
