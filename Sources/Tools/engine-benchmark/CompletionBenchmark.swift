import Foundation
import GraphQL
import GraphQLWire

/// `ENGINE_STAGES=completion engine-benchmark ROOT`: the completion engine's latency per Tab on
/// `Operations/LaunchList.graphql`, with the cursor at every byte offset of the document (each
/// offset one Tab, so the figure covers every state the machine can stop in).
///
/// Prints `completion-tab-us MEAN MAX` (microseconds per Tab, the best mean of 5 sweeps and the
/// slowest single Tab seen) and `completion-candidates N` (all candidates offered, a checksum).
enum CompletionBenchmark {
  static func run(root: String) throws {
    let schema = try buildSchema(
      String(decoding: try readFile(root, "Operations/schema.graphqls"), as: UTF8.self))
    let document = String(decoding: try readFile(root, "Operations/LaunchList.graphql"), as: UTF8.self)
    let length = document.utf8.count
    let clock = ContinuousClock()
    var bestMean = Double.infinity
    var slowest = 0.0
    var candidates = 0
    for _ in 0..<5 {
      let sweep = clock.now
      for offset in 0...length {
        let start = clock.now
        candidates &+= completions(in: document, at: offset, schema: schema).candidates.count
        slowest = max(slowest, microseconds(clock.now - start))
      }
      bestMean = min(bestMean, microseconds(clock.now - sweep) / Double(length + 1))
    }
    print("completion-tab-us \(Int(bestMean.rounded())) \(Int(slowest.rounded()))")
    print("completion-candidates \(candidates)")
  }

  private static func microseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
  }
}
