import JQ
import Testing

/// `JQFilter` over libjq: jq's messages, results by kind, and each limit reported as its own
/// error (small limits here, so each is reached at once).
@Suite struct JQFilterRunTests {
  private let document = #"{"launches":[{"id":"1","site":"KSC"},{"id":"2","site":null}]}"#

  @Test func resultsComeByKindInOrder() throws {
    let run = try JQFilter(".launches[] | .id, .site, {id}").run(onJSONText: document)
    #expect(run.failure == nil)
    #expect(
      run.results == [
        .string("1"), .string("KSC"), .json(#"{"id":"1"}"#), .string("2"), .json("null"),
        .json(#"{"id":"2"}"#),
      ])
  }

  @Test func aCompileErrorIsJqsMessageOnOneLine() {
    #expect(
      throws: JQError.compile(
        "syntax error, unexpected $end (Unix shell quoting issues?) at <top-level>, line 1: .a[")
    ) {
      try JQFilter(".a[")
    }
    #expect(throws: JQError.compile("nosuch/0 is not defined at <top-level>, line 1: nosuch")) {
      try JQFilter("nosuch")
    }
  }

  @Test func anErrorKeepsTheResultsBeforeIt() throws {
    let run = try JQFilter(#".launches[0].id, error("stop"), 3"#).run(onJSONText: document)
    #expect(run.results == [.string("1")])
    #expect(run.failure == .runtime("stop"))
    let object = try JQFilter("error({code: 7})").run(onJSONText: document)
    #expect(object.failure == .runtime(#"{"code":7} (not a string)"#))
    let halted = try JQFilter(#"1, halt, 2"#).run(onJSONText: document)
    #expect(halted.results == [.json("1")])
    #expect(halted.failure == nil)
    let haltError = try JQFilter(#""gone\n" | halt_error(3)"#).run(onJSONText: document)
    #expect(haltError.failure == .runtime("gone\n"))
    let notJSON = try JQFilter(".").run(onJSONText: "{nope")
    #expect(notJSON.failure == .runtime("the document is not JSON"))
  }

  @Test func eachLimitStopsTheRun() throws {
    let limits = JQLimits(cpuSeconds: 1, memoryBytes: 64 << 20, outputBytes: 1 << 10)
    let output = try JQFilter("repeat(.)").run(onJSONText: document, limits: limits)
    #expect(output.failure == .outputLimit(bytes: 1 << 10))
    #expect(output.results.isEmpty)
    let memory = try JQFilter(#"reduce range(40) as $i ("x"; . + .)"#).run(
      onJSONText: document, limits: limits)
    #expect(memory.failure == .memoryLimit(bytes: 64 << 20))
    let cpu = try JQFilter("last(range(1e12))").run(onJSONText: document, limits: limits)
    #expect(cpu.failure == .cpuLimit(seconds: 1))
  }
}
