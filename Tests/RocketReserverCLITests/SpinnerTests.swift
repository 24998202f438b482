import CommandLineKit
import Testing

@testable import RocketReserverCLI

@Suite struct SpinnerTests {
  @Test func quickWorkDrawsNothing() async {
    let captured = CapturedOutput()
    let value = await Spinner.run(label: "Loading", enabled: true, write: captured.commandOutput.write) {
      7
    }
    #expect(value == 7)
    #expect(captured.output.isEmpty)
  }

  @Test func slowWorkDrawsFramesAndErasesThemAfterwards() async throws {
    let captured = CapturedOutput()
    let value = try await Spinner.run(
      label: "Loading launches", enabled: true, write: captured.commandOutput.write
    ) {
      // Wait until the spinner has drawn, rather than for a fixed time.
      while !captured.output.contains("Loading launches") {
        try await Task.sleep(for: .milliseconds(10))
      }
      return "done"
    }
    #expect(value == "done")
    #expect(captured.output.hasPrefix("\r| Loading launches"))
    #expect(captured.output.hasSuffix("\r\u{1B}[K"))
  }

  @Test func disabledSpinnerNeverDraws() async throws {
    let captured = CapturedOutput()
    try await Spinner.run(label: "x", enabled: false, write: captured.commandOutput.write) {
      try await Task.sleep(for: Spinner.delay + .milliseconds(200))
    }
    #expect(captured.output.isEmpty)
  }

  @Test func errorsPassThrough() async {
    struct Boom: Error {}
    await #expect(throws: Boom.self) {
      try await Spinner.run(label: "x", enabled: true) { () throws(Boom) -> Int in throw Boom() }
    }
  }
}
