import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The whole client against a model of what the user has booked: a seeded random sequence of
/// commands, spread over a shell in a pty and one-shot processes, against a real `serve` that the
/// test stops and starts again (so changes wait in the outbox). After every step the answer must
/// agree with the model, or say that it is offline, stale or pending; at the end the server holds
/// exactly the model's trips.
///
/// `CLIENT_MODEL_SEED` replays a seed (printed with every failure), `CLIENT_MODEL_STEPS` sets the
/// length (200; `make fuzz` runs longer).
@Suite struct ClientModelTests {
  /// The launches the sequence uses: few, so that changes meet.
  static let launches = Array(1...8)

  /// One step's command, and where it runs.
  struct Step: CustomStringConvertible {
    var words: [String]
    var inShell: Bool
    var description: String { (inShell ? "shell> " : "$ ") + words.joined(separator: " ") }
  }

  /// Whether an answer says it may differ from the server's: a change is pending, or no answer
  /// came (the server cannot be reached, the cache lacks it). An answer from the cache, marked
  /// offline or stale, must agree with the model all the same: own changes are written through.
  static func isQualified(_ text: String) -> Bool {
    ["pending", "queued", "cannot reach", "nothing cached"].contains { text.contains($0) }
  }

  /// CPU seconds of this process and its waited-for children (the clients), user and system.
  static func cpuSeconds() -> Double {
    var total = 0.0
    for who in [RUSAGE_SELF, RUSAGE_CHILDREN] {
      var usage = rusage()
      getrusage(who.rawValue, &usage)
      for time in [usage.ru_utime, usage.ru_stime] {
        total += Double(time.tv_sec) + Double(time.tv_usec) / 1e6
      }
    }
    return total
  }

  /// The launch ids of `trips --format ids` (one a line), in the order printed.
  static func ids(_ text: String) -> [Int] {
    text.split(whereSeparator: \.isNewline).compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
  }

  @Test func theClientAgreesWithAModelOfTheUsersBookings() async throws {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["CLIENT_MODEL_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...999_999)
    let steps = environment["CLIENT_MODEL_STEPS"].flatMap(Int.init) ?? 200
    var generator = SeededGenerator(seed: seed)
    let started = Self.cpuSeconds()

    let fixture = try OutboxTests.Fixture("model")
    try fixture.start()
    let client = try ClientHome("model", endpoint: fixture.endpoint)
    #expect(try client.run(["login", "ada@example.com"]).status == 0)
    let shell = try client.startShell()
    defer { shell.sendControl("d") }

    var booked: Set<Int> = []
    var online = true
    var problems: [String] = []
    var trail: [String] = []
    func check(_ condition: Bool, _ step: Int, _ what: Step, _ output: String, _ why: String) {
      if !condition {
        problems.append(
          "seed \(seed) step \(step) \(what): \(why)\n\(output)\nthe steps before:\n"
            + trail.suffix(30).joined(separator: "\n"))
      }
    }

    for index in 0..<steps {
      guard problems.isEmpty else { break }
      let id = Self.launches.randomElement(using: &generator) ?? 1
      let other = Self.launches.randomElement(using: &generator) ?? 2
      let roll = Int.random(in: 0..<100, using: &generator)
      var words: [String]
      switch roll {
      case 0..<6:
        if online { fixture.stop() } else { try fixture.start() }
        online.toggle()
        trail.append(online ? "(serve started)" : "(serve stopped)")
        continue
      case 6..<22: words = ["book", "\(id)"] + (roll < 12 ? ["\(other)"] : roll < 14 ? ["99999"] : [])
      case 22..<36: words = ["cancel", "\(id)"] + (roll < 28 ? ["\(other)"] : [])
      case 36..<52: words = ["launch", "\(id)"]
      case 52..<66: words = ["trips", "--format", "ids"]
      case 66..<76: words = ["total"]
      case 76..<84: words = ["cache", "show", "Launch:\(id)"]
      case 84..<92: words = ["outbox"]
      default: words = ["launches", "--page-size", "3"]
      }
      // A read from the cache alone, now and then, online or not.
      if ["launch", "trips", "total"].contains(words[0]), Int.random(in: 0..<4, using: &generator) == 0 {
        words += ["--cache", "cache-only"]
      }
      let step = Step(words: words, inShell: Bool.random(using: &generator))
      let output: String
      var status: Int32?
      if step.inShell {
        output = try ClientHome.type(words.joined(separator: " "), into: shell) + "\n"
      } else {
        let result = try client.run(words)
        output = result.standardOutput + result.standardError
        status = result.status
      }
      let qualified = Self.isQualified(output)
      trail.append("\(step): \(output.split(whereSeparator: \.isNewline).joined(separator: " | "))")
      let asked = words.dropFirst().compactMap(Int.init).filter { Self.launches.contains($0) }
      switch words[0] {
      case "book", "cancel":
        let booking = words[0] == "book"
        if !qualified {
          // Sent: each launch of the catalog says its state, agreeing with the model before.
          for launch in asked {
            let expected =
              booking
              ? (booked.contains(launch) ? "already booked" : "booked")
              : (booked.contains(launch) ? "cancelled" : "not booked")
            check(
              output.contains("launch \(launch): \(expected)\n"), index, step, output, "expected \(expected)")
          }
          if let status { check(status == (words.contains("99999") ? 1 : 0), index, step, output, "status") }
        } else if let status {
          check(status == 75, index, step, output, "a queued change exits 75")
        }
        for launch in asked {
          if booking { booked.insert(launch) } else { booked.remove(launch) }
        }
      case "trips":
        // Newest first (the highest flight number), as `launches` lists them.
        let shown = Self.ids(output)
        let expected = booked.sorted(by: >)
        check(shown == expected || qualified, index, step, output, "trips \(shown) != \(expected)")
      case "launch":
        let says = output.contains("booked:   yes")
        check(
          says == booked.contains(id) || qualified, index, step, output,
          "launch \(id) booked \(says), the model \(booked.contains(id))")
      case "total":
        let line = output.split(whereSeparator: \.isNewline).first { $0.hasSuffix("booked in all") }
        let total = line?.split(separator: " ").first.flatMap { Int($0) }
        check(
          total == booked.count || qualified, index, step, output,
          "total \(total ?? -1) != \(booked.count)")
      default:
        if let status { check([0, 69].contains(status), index, step, output, "status \(status)") }
      }
    }
    if !online { try fixture.start() }
    let final = try client.run(["trips", "--format", "ids"])
    #expect(
      Self.ids(final.standardOutput) == booked.sorted(by: >), "seed \(seed): the server's trips \(final)")
    let server = try client.run(["--no-queue", "--cache", "network-only", "trips", "--format", "ids"])
    #expect(Self.ids(server.standardOutput) == booked.sorted(by: >), "seed \(seed)")
    #expect(problems.isEmpty, "\(problems.first ?? "")")
    let cpu = Self.cpuSeconds() - started
    print(
      "client model: seed \(seed), \(steps) steps, \(booked.count) trips at the end, test process CPU \(cpu) s"
    )
    fixture.stop()
  }

  /// Own bookings show everywhere in the cache: after `book 5 6`, `book 7`, `cancel 5` and the
  /// server going away, `trips`, `launch N` and `total` agree (offline, and with `--cache
  /// cache-only` on a running server); a booking queued on an empty trips list shows as pending.
  @Test func ownBookingsShowInTripsLaunchAndTotalOfflineAndFromTheCache() async throws {
    let fixture = try OutboxTests.Fixture("own-writes")
    try fixture.start()
    let client = try ClientHome("own-writes", endpoint: fixture.endpoint)
    #expect(try client.run(["login", "ada@example.com"]).status == 0)
    #expect(try client.run(["trips"]).standardError.contains("no trips booked yet"))
    #expect(try client.run(["total"]).standardOutput == "0 trips booked in all\n")
    for id in 5...7 { #expect(try client.run(["launch", "\(id)"]).status == 0) }
    for words in [["book", "5", "6"], ["book", "7"], ["cancel", "5"]] {
      #expect(try client.run(words).status == 0)
    }
    for offline in [false, true] {
      if offline { fixture.stop() }
      let policy = offline ? [] : ["--cache", "cache-only"]
      let trips = try client.run(["trips", "--format", "ids"] + policy)
      #expect(trips.standardOutput == "7\n6\n", "newest first: \(trips)")
      #expect(try client.run(["launch", "5"] + policy).standardOutput.contains("booked:   no\n"))
      #expect(try client.run(["launch", "7"] + policy).standardOutput.contains("booked:   yes\n"))
      #expect(try client.run(["total"] + policy).standardOutput == "2 trips booked in all\n")
    }
    // Everything cancelled, then a booking queued: the empty list says it is pending.
    try fixture.start()
    #expect(try client.run(["cancel", "6", "7"]).status == 0)
    #expect(try client.run(["trips"]).standardError.contains("no trips booked yet"))
    fixture.stop()
    #expect(try client.run(["book", "21"]).status == 75)
    let empty = try client.run(["trips"])
    #expect(empty.standardError.contains("pending: book 21 (queued, not sent"), "\(empty)")
    #expect(try client.run(["total"]).standardError.contains("pending: book 21"))

    // Back online the outbox goes first; the list is newest first whatever the booking order
    // (21, then 3 and 40), and a booking queued since is listed in its place, said to be pending.
    try fixture.start()
    #expect(try client.run(["book", "3", "40"]).status == 0)
    #expect(try client.run(["launch", "30"]).status == 0)
    let online = try client.run(["trips", "--format", "ids"])
    #expect(online.standardOutput == "40\n21\n3\n", "\(online)")
    fixture.stop()
    #expect(try client.run(["book", "30"]).status == 75)
    let pending = try client.run(["trips", "--format", "ids"])
    #expect(pending.standardOutput == "40\n30\n21\n3\n", "\(pending)")
    #expect(pending.standardError.contains("pending: book 30 (queued, not sent"), "\(pending)")
  }
}
